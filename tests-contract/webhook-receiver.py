#!/usr/bin/env python3
"""A webhook receiver for the tests: a real HTTP server on 127.0.0.1 that
records each delivery (its headers and body, as received) as one JSON line,
and can misbehave the way receivers do: answer 500 to the first N deliveries,
or hang on them for a while (the sender's deadline must cut it off), or
redirect, or answer at length.

Prints its port on the first line of stdout, then serves until killed (or
until --lifetime seconds have passed: it stops by itself)."""
import argparse
import base64
import http.server
import json
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", required=True, help="file to append one JSON line per delivery to")
    parser.add_argument("--fail-first", type=int, default=0, help="answer 500 to this many deliveries first")
    parser.add_argument("--hang-first", type=int, default=0, help="hang on this many deliveries first")
    parser.add_argument("--hang-seconds", type=float, default=30.0)
    parser.add_argument("--lifetime", type=float, default=600.0)
    parser.add_argument("--redirect-to", default="", help="answer every delivery 302 to this URL")
    parser.add_argument("--answer-bytes", type=int, default=0, help="answer 200 with a body this long")
    args = parser.parse_args()
    lock = threading.Lock()
    seen = {"count": 0}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            with lock:
                seen["count"] += 1
                number = seen["count"]
                with open(args.log, "a") as log:
                    log.write(json.dumps({
                        "n": number, "path": self.path, "at": time.time(),
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "body": base64.b64encode(body).decode(),
                    }) + "\n")
            if number <= args.hang_first:
                time.sleep(args.hang_seconds)
            if args.redirect_to:
                self.send_response(302)
                self.send_header("Location", args.redirect_to)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            status = 500 if number <= args.hang_first + args.fail_first else 200
            answer = (b"ok" if status == 200 else b"try again") if not args.answer_bytes else b"x" * args.answer_bytes
            self.send_response(status)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            try:
                self.wfile.write(answer)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the sender stopped reading a long answer: that is its right

        def log_message(self, *_):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Timer(args.lifetime, server.shutdown).start()
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
