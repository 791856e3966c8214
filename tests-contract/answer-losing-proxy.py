#!/usr/bin/env python3
"""A proxy for the SDK tests that loses answers the way a network does: it
forwards every request to --target, and for the first --lose POSTs it throws
the server's answer away after the server has done the work, answering 502
instead (a retryable failure to the client). A retry of a lost POST (the same
Idempotency-Key) goes through, so each of those POSTs loses one answer. Each request is logged as one
JSON line: method, path, the Idempotency-Key it carried, and whether the
server's answer was a replay (`Idempotent-Replayed`).

Listens on 127.0.0.1; prints its port on the first line of stdout, then
serves until killed or until --lifetime seconds have passed."""
import argparse
import http.server
import json
import sys
import threading
import urllib.error
import urllib.request

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "host", "content-length"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--target", required=True, help="base URL of the server, e.g. http://127.0.0.1:8080")
    parser.add_argument("--log", required=True, help="file to append one JSON line per request to")
    parser.add_argument("--lose", type=int, default=1, help="lose the answers of this many POSTs first")
    parser.add_argument("--lifetime", type=float, default=600.0)
    args = parser.parse_args()
    lock = threading.Lock()
    lost_keys = set()

    class Handler(http.server.BaseHTTPRequestHandler):
        def forward(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length) if length else None
            request = urllib.request.Request(args.target + self.path, data=body, method=self.command)
            for name, value in self.headers.items():
                if name.lower() not in HOP_BY_HOP:
                    request.add_header(name, value)
            try:
                with urllib.request.urlopen(request, timeout=120) as answer:
                    status, headers, data = answer.status, answer.headers, answer.read()
            except urllib.error.HTTPError as refusal:
                status, headers, data = refusal.code, refusal.headers, refusal.read()
            with lock:
                key = self.headers.get("Idempotency-Key")
                lose = self.command == "POST" and key not in lost_keys and len(lost_keys) < args.lose
                if lose:
                    lost_keys.add(key)
                with open(args.log, "a") as log:
                    log.write(json.dumps({"method": self.command, "path": self.path, "status": status,
                                          "key": self.headers.get("Idempotency-Key"), "lost": lose,
                                          "replayed": headers.get("Idempotent-Replayed") == "true"}) + "\n")
            if lose:
                status, headers, data = 502, {}, b""
            self.send_response(status)
            for name, value in (headers.items() if hasattr(headers, "items") else []):
                if name.lower() not in HOP_BY_HOP:
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PUT = do_DELETE = forward

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Timer(args.lifetime, server.shutdown).start()
    server.serve_forever()
    sys.exit(0)


if __name__ == "__main__":
    main()
