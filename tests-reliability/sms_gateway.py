"""A stand-in for the SMS provider a tenant brings (VERITY_SMS_URL): it takes
each message as the server's HTTP adapter posts it, the default body
{"to": NUMBER, "text": TEXT}, and keeps it by number for the clients of the
load, who read their codes from it as a person reads their phone."""
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from limits import WAIT_SECONDS


class SMSGateway:
    def __init__(self):
        self.messages = {}  # number -> [text, ...], oldest first
        self.changed = threading.Condition()
        gateway = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                try:
                    message = json.loads(body)
                    number, text = message["to"], message["text"]
                except (ValueError, KeyError, TypeError):
                    self.send_response(400)
                    self.end_headers()
                    return
                with gateway.changed:
                    gateway.messages.setdefault(number, []).append(text)
                    gateway.changed.notify_all()
                self.send_response(202)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}/messages"

    def count(self, number):
        with self.changed:
            return len(self.messages.get(number, []))

    def latest(self, number, pattern, after=0, seconds=WAIT_SECONDS):
        """The first group of `pattern` in the newest message to `number` that
        has it, among those after the first `after`; waits for one to arrive."""
        deadline = time.time() + seconds
        with self.changed:
            while True:
                for text in reversed(self.messages.get(number, [])[after:]):
                    found = re.search(pattern, text)
                    if found:
                        return found.group(1)
                left = deadline - time.time()
                if left <= 0:
                    raise RuntimeError(f"no message matching {pattern!r} reached {number} in {seconds} s")
                self.changed.wait(left)

    def close(self):
        self.server.shutdown()
        self.server.server_close()
