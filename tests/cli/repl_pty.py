"""`reckon` with no command on a terminal: the REPL, driven through a pseudo-terminal.

Checks what only a terminal shows: the prompt, line editing (the up arrow recalls the last
line), colour on a terminal and none with NO_COLOR, and Ctrl-D leaving with status 0.
    python3 tests/cli/repl_pty.py [path/to/reckon]
Exits 1 naming the first check that fails.
"""

import os
import pty
import select
import sys
import tempfile
import time

RECKON = sys.argv[1] if len(sys.argv) > 1 else "target/debug/reckon"


class Terminal:
    """`reckon` (no arguments) on the slave side of a new pseudo-terminal."""

    def __init__(self, env_extra):
        env = dict(os.environ, TERM="xterm-256color", HOME=tempfile.mkdtemp(), **env_extra)
        if "NO_COLOR" not in env_extra:
            env.pop("NO_COLOR", None)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(RECKON, [RECKON], env)
        self.seen = b""

    def read_until(self, needle, timeout=10.0):
        """Everything read until `needle` appears (bytes), or fail after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while needle not in self.seen:
            left = deadline - time.monotonic()
            if left <= 0:
                fail(f"waited for {needle!r}; the terminal shows {self.seen[-400:]!r}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    fail(f"the REPL closed the terminal while waiting for {needle!r}: {self.seen[-400:]!r}")
                self.seen += chunk
        end = self.seen.index(needle) + len(needle)
        found, self.seen = self.seen[:end], self.seen[end:]
        return found

    def type(self, text):
        os.write(self.fd, text.encode())

    def ask(self, keys, answer, prompt):
        """Types `keys`, then reads until `answer` and the `prompt` after it. The editor redraws
        the line (prompt included) as keys arrive, so the prompt alone marks nothing."""
        self.type(keys)
        shown = self.read_until(answer)
        return shown + self.read_until(prompt)

    def status(self):
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


def fail(what):
    print(f"FAIL: {what}")
    sys.exit(1)


def ok(what):
    print(f"ok: {what}")


term = Terminal({})
term.read_until(b"decimal> ")
ok("no command on a terminal starts the REPL at the decimal tool's prompt")
shown = term.ask("0.1 + 0.2\r", b"0.3\r\n", b"decimal> ")
ok("an expression answers")
shown = term.ask("\x1b[A\r", b"0.3\r\n", b"decimal> ")  # the up arrow recalls `0.1 + 0.2`
if b"0.1 + 0.2" not in shown:
    fail(f"the up arrow should recall the last line: {shown!r}")
ok("the up arrow recalls the last line")
term.ask(":tool calculate\r", b"tool calculate", b"calculate> ")
shown = term.ask("2 + sqrtt(3)\r", b"hint:", b"calculate> ")
if b"\x1b[31merror (parse_failed)" not in shown or b"\x1b[2mhint:" not in shown:
    fail(f"a refusal should be red with a dim hint on a terminal: {shown!r}")
if b"      ^" not in shown:
    fail(f"the caret should sit under sqrtt: {shown!r}")
ok("a refusal is coloured, with its caret under the token")
term.type("\x04")  # Ctrl-D
if term.status() != 0:
    fail("Ctrl-D should leave with status 0")
ok("Ctrl-D leaves with status 0")

plain = Terminal({"NO_COLOR": "1"})
plain.read_until(b"decimal> ")
shown = plain.ask("1 +\r", b"error (invalid_input)", b"decimal> ")
if b"\x1b[31m" in shown or b"error (invalid_input)" not in shown:
    fail(f"NO_COLOR should keep the refusal uncoloured: {shown!r}")
ok("NO_COLOR turns colour off")
plain.type(":quit\r")
if plain.status() != 0:
    fail(":quit should leave with status 0")
ok(":quit leaves with status 0")
print("7 checks passed")
