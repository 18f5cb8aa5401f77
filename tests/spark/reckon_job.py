"""Bulk work on Apache Spark: pipe a JSON Lines file through `reckon exec TOOL` with `RDD.pipe`.

Each input line is `{"tool": ID, "request": {...}}`, ID one of reckon's tools. For each tool, the
job keeps that tool's lines, pipes each partition's requests through one `reckon exec ID` process
(which answers every line, in order, with one line), zips each request with its answer (the pipe
keeps the partitions and the line count, so the zip pairs them exactly), and writes
`{"tool", "request", "answer"}` lines to the output directory (Spark's text files, part-*).

Local mode:
    .venv/bin/python tests/spark/reckon_job.py --reckon target/release/reckon IN.jsonl OUT_DIR
On a cluster, ship the binary with the job and name it by its basename (it lands in each
executor's working directory):
    spark-submit --master yarn --files target/release/reckon tests/spark/reckon_job.py \
        --reckon ./reckon hdfs:///in.jsonl hdfs:///out
(the binary must be built for the executors' platform: the static musl build of
deploy/Containerfile runs on any x86-64 Linux.)
"""

import argparse
import json
import time

TOOLS = ("decimal-expression-evaluate", "calc", "calculate")


def run(spark_context, reckon, input_path, output_path, partitions):
    lines = spark_context.textFile(input_path, minPartitions=partitions)
    parsed = lines.map(json.loads).cache()
    results = []
    for tool in TOOLS:
        requests = parsed.filter(lambda row, tool=tool: row["tool"] == tool).map(
            lambda row: json.dumps(row["request"], separators=(",", ":"))
        )
        answers = requests.pipe(f"{reckon} exec {tool}", checkCode=True)
        results.append(
            requests.zip(answers).map(
                lambda pair, tool=tool: json.dumps(
                    {"tool": tool, "request": json.loads(pair[0]), "answer": json.loads(pair[1])},
                    separators=(",", ":"),
                )
            )
        )
    spark_context.union(results).saveAsTextFile(output_path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reckon", required=True, help="path to the reckon binary on every executor")
    parser.add_argument("--master", default=None, help="Spark master (default: local[*] unless spark-submit gives one)")
    parser.add_argument("--partitions", type=int, default=4)
    parser.add_argument("input")
    parser.add_argument("output")
    args = parser.parse_args()
    from pyspark import SparkConf, SparkContext

    conf = SparkConf().setAppName("reckon-bulk").set("spark.ui.showConsoleProgress", "false")
    if args.master or not conf.contains("spark.master"):
        conf.setMaster(args.master or "local[*]")
    context = SparkContext(conf=conf)
    context.setLogLevel("WARN")
    started = time.monotonic()
    run(context, args.reckon, args.input, args.output, args.partitions)
    print(f"reckon_job: {time.monotonic() - started:.1f} s", flush=True)
    context.stop()


if __name__ == "__main__":
    main()
