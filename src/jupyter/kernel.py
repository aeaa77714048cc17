"""ply's Jupyter kernel: the Jupyter side only (docs/jupyter.md).

`ply jupyter -f CONNECTION_FILE` runs this text with `python3 -c`; it speaks the Jupyter
protocol through ipykernel and drives `ply jupyter serve` through a pipe. Everything about
Prolog (what a cell is, answers, errors, pictures, completion, documentation) is ply's: here a
request goes out as one JSON line, and what comes back is the cell's output, in which
`ESC ] ply;KIND;PAYLOAD BEL` marks a picture (svg), an error report (stderr) or the end of
the request (done, with a JSON reply). An interrupt reaches ply as SIGINT, through the
kernel's process group, and ply aborts the running query.
"""

import codecs
import json
import os
import signal
import subprocess
import sys

from ipykernel.kernelapp import IPKernelApp
from ipykernel.kernelbase import Kernel

MARK = "\x1b]ply;"
PLY = "ply"


def partial_mark(text):
    """How many characters at the end of text may begin a mark still to be read."""
    for k in range(min(len(MARK) - 1, len(text)), 0, -1):
        if MARK.startswith(text[-k:]):
            return k
    return 0


class PlyKernel(Kernel):
    implementation = "ply"
    implementation_version = "1"
    language = "prolog"
    language_info = {
        "name": "prolog",
        "mimetype": "text/x-prolog",
        "file_extension": ".pl",
        "pygments_lexer": "prolog",
        "codemirror_mode": "prolog",
    }
    banner = "ply: a Prolog system for game-tree search"

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.proc = None
        self.start_ply()

    def start_ply(self):
        self.proc = subprocess.Popen(
            [PLY, "jupyter", "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            bufsize=0,
        )
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.pending = ""

    def request(self, req, on_text, on_mark):
        """Send one request; pass output on as it comes; return the reply, None if ply ended."""
        if self.proc.poll() is not None:
            self.start_ply()
        try:
            self.proc.stdin.write((json.dumps(req) + "\n").encode())
            self.proc.stdin.flush()
        except OSError:
            return None
        while True:
            try:
                return self.read_reply(on_text, on_mark)
            except KeyboardInterrupt:
                # ipykernel turns SIGINT into KeyboardInterrupt while a cell runs; ply has had
                # the signal too, through the process group, but is told again in case not.
                self.proc.send_signal(signal.SIGINT)

    def read_reply(self, on_text, on_mark):
        """Read ply's output up to the end of the request; None if ply ended."""
        fd = self.proc.stdout.fileno()
        while True:
            while True:
                i = self.pending.find(MARK)
                if i < 0:
                    keep = partial_mark(self.pending)
                    text = self.pending[: len(self.pending) - keep]
                    self.pending = self.pending[len(text) :]
                    if text:
                        on_text(text)
                    break
                if i > 0:
                    on_text(self.pending[:i])
                    self.pending = self.pending[i:]
                j = self.pending.find("\x07")
                if j < 0:
                    break
                kind, _, payload = self.pending[len(MARK) : j].partition(";")
                self.pending = self.pending[j + 1 :]
                if kind == "done":
                    return json.loads(payload)
                on_mark(kind, payload)
            try:
                data = os.read(fd, 1 << 16)
            except InterruptedError:
                continue
            if not data:
                rest = self.pending + self.decoder.decode(b"", final=True)
                if rest:
                    on_text(rest)
                self.pending = ""
                self.proc.wait()
                return None
            self.pending += self.decoder.decode(data)

    def stream(self, name, text):
        self.send_response(self.iopub_socket, "stream", {"name": name, "text": text})

    def do_execute(
        self, code, silent, store_history=True, user_expressions=None, allow_stdin=False, **kw
    ):
        cell = kw.get("cell_id")
        if not cell:
            parent = self.get_parent() or {}
            cell = (parent.get("metadata") or {}).get("cellId")
        if not cell:
            cell = "In[%d]" % self.execution_count

        def on_text(text):
            if not silent:
                self.stream("stdout", text)

        def on_mark(kind, payload):
            if silent:
                return
            if kind == "svg":
                content = {
                    "data": {"image/svg+xml": payload, "text/plain": "<picture>"},
                    "metadata": {},
                }
                self.send_response(self.iopub_socket, "display_data", content)
            elif kind == "stderr":
                self.stream("stderr", payload)

        reply = self.request({"op": "execute", "code": code, "cell": cell}, on_text, on_mark)
        count = self.execution_count
        if reply is None or "halt" in (reply or {}):
            self.stream("stderr", "% ply ended; the next cell starts a new one\n")
            self.start_ply()
            if reply is None:
                reply = {"status": "error", "ename": "PlyEnded", "evalue": "ply ended"}
        if reply.get("status") == "error":
            ename = reply.get("ename", "Error")
            evalue = reply.get("evalue", "")
            error = {"ename": ename, "evalue": evalue, "traceback": ["%s: %s" % (ename, evalue)]}
            # An error output marks the cell for nbconvert and for nbgrader's autograder alike.
            if not silent:
                self.send_response(self.iopub_socket, "error", error)
            return {
                "status": "error",
                "execution_count": count,
                "ename": ename,
                "evalue": evalue,
                "traceback": ["%s: %s" % (ename, evalue)],
            }
        return {"status": "ok", "execution_count": count, "payload": [], "user_expressions": {}}

    def quiet_request(self, req):
        return self.request(req, lambda text: None, lambda kind, payload: None) or {}

    def do_complete(self, code, cursor_pos):
        reply = self.quiet_request({"op": "complete", "code": code, "pos": cursor_pos})
        return {
            "status": "ok",
            "matches": reply.get("matches", []),
            "cursor_start": reply.get("start", cursor_pos),
            "cursor_end": reply.get("end", cursor_pos),
            "metadata": {},
        }

    def do_inspect(self, code, cursor_pos, detail_level=0, omit_sections=()):
        reply = self.quiet_request({"op": "inspect", "code": code, "pos": cursor_pos})
        found = bool(reply.get("found"))
        data = {}
        if found:
            data = {"text/markdown": reply["markdown"], "text/plain": reply["markdown"]}
        return {"status": "ok", "found": found, "data": data, "metadata": {}}

    def do_shutdown(self, restart):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        return {"status": "ok", "restart": restart}


def main(argv):
    global PLY
    rest = []
    i = 0
    while i < len(argv):
        if argv[i] == "--ply" and i + 1 < len(argv):
            PLY = argv[i + 1]
            i += 2
        else:
            rest.append(argv[i])
            i += 1
    IPKernelApp.launch_instance(argv=rest, kernel_class=PlyKernel)


if __name__ == "__main__":
    main(sys.argv[1:])
