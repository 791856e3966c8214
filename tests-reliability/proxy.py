"""A small round-robin HTTP proxy, as a load balancer puts in front of
several servers: it asks each backend's /readyz five times a second and
sends nothing to one that is not ready (unless none is: then to all, and
they answer for themselves); a backend that refuses the connection is
skipped (nothing was sent to it); one that fails after the request went out
answers 502, since the proxy cannot know whether the work was done."""
import http.client
import http.server
import itertools
import threading
import time
import urllib.error
import urllib.request

HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"}


class RoundRobinProxy:
    def __init__(self, backends, port=0):
        self.backends = list(backends)
        self.turns = itertools.count()
        self.lock = threading.Lock()
        self.sent = {port: 0 for port in self.backends}
        self.ready = {port: True for port in self.backends}
        self.closed = threading.Event()
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def forward(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
                status, reason, answer_headers, answer = proxy.send(self.command, self.path, headers, body)
                self.send_response(status, reason)
                for name, value in answer_headers:
                    if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                try:
                    self.wfile.write(answer)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up on it; nothing to tell it

            do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = forward

        class Server(http.server.ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                pass  # a client that hung up mid-answer is not the proxy's concern

        self.server = Server(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        threading.Thread(target=self.watch_readiness, daemon=True).start()

    def watch_readiness(self):
        while not self.closed.is_set():
            for port in self.backends:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as answer:
                        ready = answer.status == 200
                except (urllib.error.URLError, OSError):
                    ready = False
                with self.lock:
                    self.ready[port] = ready
            time.sleep(0.2)

    def send(self, method, path, headers, body):
        with self.lock:
            start = next(self.turns)
            ready = [port for port in self.backends if self.ready[port]] or list(self.backends)
        for offset in range(len(ready)):
            port = ready[(start + offset) % len(ready)]
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            try:
                connection.connect()
            except OSError:
                continue  # refused: nothing was sent, the next backend may take it
            try:
                with self.lock:
                    self.sent[port] += 1
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                return response.status, response.reason, response.getheaders(), response.read()
            except (OSError, http.client.HTTPException):
                return 502, "Bad Gateway", [("Content-Type", "text/plain")], b"the server went away mid-request"
            finally:
                connection.close()
        return 502, "Bad Gateway", [("Content-Type", "text/plain")], b"no server is up"

    def close(self):
        self.closed.set()
        self.server.shutdown()
