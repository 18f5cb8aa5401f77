#!/usr/bin/env python3
"""A slowloris client, and a probe showing that ordinary clients are still answered meanwhile.

Keeps --connections connections open to the server, each sending a request head one header line
every --interval seconds and never finishing it; when the server closes one (its header-read
timeout), it is reopened at once. Meanwhile a probe thread sends an ordinary request on a new
connection every --probe-every seconds and checks the answer. Runs for --seconds, then prints
one JSON object: how many slow connections were opened, how many the server closed and after how
long, and the probe's successes, failures and latencies. Exits 1 when a probe failed.

Loopback only (the address must be 127.0.0.0/8 or ::1), bounded in time. Standard library only.
"""

import argparse
import http.client
import ipaddress
import json
import selectors
import socket
import sys
import threading
import time

EXECUTE = "/v1/tools/decimal-expression-evaluate/versions/1.0.0/execute"


class Slow:
    """One slow connection."""

    def __init__(self, host, port, now):
        self.sock = socket.create_connection((host, port), timeout=5)
        self.sock.setblocking(False)
        self.opened = now
        self.lines = 0
        self.sock.send(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n")


def slowloris(args, stop, stats):
    selector = selectors.DefaultSelector()
    open_ = {}

    def connect(now):
        try:
            slow = Slow(args.host, args.port, now)
        except OSError as error:
            stats["connect_errors"] += 1
            stats["last_connect_error"] = str(error)
            return
        stats["opened"] += 1
        open_[slow.sock.fileno()] = slow
        selector.register(slow.sock, selectors.EVENT_READ, slow)

    def closed(slow, now, by_server):
        selector.unregister(slow.sock)
        del open_[slow.sock.fileno()]
        slow.sock.close()
        if by_server:
            lifetime = now - slow.opened
            stats["closed_by_server"] += 1
            stats["lifetimes"].append(lifetime)

    start = time.monotonic()
    for _ in range(args.connections):
        connect(time.monotonic())
    next_round = start
    while not stop.is_set():
        now = time.monotonic()
        for key, _ in selector.select(timeout=0.05):
            slow = key.data
            try:
                data = slow.sock.recv(4096)
            except OSError:
                data = b""
            if data:
                stats["answered"] += 1  # a head was answered: the slow client failed to be slow
            closed(slow, now, by_server=True)
        while len(open_) < args.connections and not stop.is_set():
            connect(time.monotonic())
        stats["max_open"] = max(stats["max_open"], len(open_))
        if now >= next_round:
            next_round = now + args.interval
            for slow in list(open_.values()):
                slow.lines += 1
                try:
                    slow.sock.send(f"X-Slow-{slow.lines}: {slow.lines}\r\n".encode())
                except OSError:
                    closed(slow, now, by_server=True)
    for slow in list(open_.values()):
        closed(slow, time.monotonic(), by_server=False)


def probe(args, stop, stats):
    n = 0
    while not stop.wait(args.probe_every):
        n += 1
        body = json.dumps({"expression": f"{n} + 0.5"})
        started = time.monotonic()
        try:
            connection = http.client.HTTPConnection(args.host, args.port, timeout=10)
            connection.request("POST", EXECUTE, body=body,
                               headers={"Content-Type": "application/json", "Connection": "close"})
            response = connection.getresponse()
            answer = json.loads(response.read())
            connection.close()
            ok = response.status == 200 and answer.get("value") == f"{n}.5"
        except (OSError, ValueError, http.client.HTTPException):
            ok = False
        seconds = time.monotonic() - started
        if ok:
            stats["probe_ok"] += 1
            stats["probe_latencies"].append(seconds)
        else:
            stats["probe_failed"] += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--connections", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between header lines")
    parser.add_argument("--probe-every", type=float, default=0.5)
    args = parser.parse_args()
    if not ipaddress.ip_address(args.host).is_loopback:
        sys.exit("slowloris.py: loopback addresses only")
    if not 0 < args.seconds <= 3600:
        sys.exit("slowloris.py: --seconds must be in (0, 3600]")
    stats = {"opened": 0, "connect_errors": 0, "closed_by_server": 0, "answered": 0, "max_open": 0,
             "lifetimes": [], "probe_ok": 0, "probe_failed": 0, "probe_latencies": []}
    stop = threading.Event()
    threads = [threading.Thread(target=slowloris, args=(args, stop, stats)),
               threading.Thread(target=probe, args=(args, stop, stats))]
    for thread in threads:
        thread.start()
    time.sleep(args.seconds)
    stop.set()
    for thread in threads:
        thread.join()
    lifetimes = sorted(stats.pop("lifetimes"))
    latencies = sorted(stats.pop("probe_latencies"))

    def pick(values, q):
        return round(values[min(len(values) - 1, int(q * len(values)))], 3) if values else None

    stats.update({
        "slow_connections": args.connections,
        "closed_after_s": {"min": pick(lifetimes, 0), "median": pick(lifetimes, 0.5), "max": pick(lifetimes, 1)},
        "probe_latency_s": {"median": pick(latencies, 0.5), "p99": pick(latencies, 0.99), "max": pick(latencies, 1)},
    })
    print(json.dumps(stats))
    sys.exit(1 if stats["probe_failed"] or not stats["probe_ok"] else 0)


if __name__ == "__main__":
    main()
