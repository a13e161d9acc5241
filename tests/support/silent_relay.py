"""A TCP relay in front of a port that can fall silent: `silence()` stops passing on the bytes
of the event streams open then, both ways, and never closes them, as a Wi-Fi gone without a
word does; connections opened afterwards pass as usual."""

from __future__ import annotations

import socket
import threading


class Link:
    def __init__(self, client: socket.socket, server: socket.socket):
        self.client, self.server = client, server
        self.stream = False  # it asked for an event stream
        self.silent = threading.Event()

    def pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                if source is self.client and b"/events " in data.split(b"\r\n", 1)[0]:
                    self.stream = True
                if not self.silent.is_set():
                    sink.sendall(data)
        except OSError:
            pass
        for end in (self.client, self.server):
            end.close()


class SilentRelay:
    """Relays 127.0.0.1:`port` (its own port: `port`) to 127.0.0.1:`target`."""

    def __init__(self, target: int):
        self.target, self.links = target, []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
                link = Link(client, socket.create_connection(("127.0.0.1", self.target)))
            except OSError:
                return
            self.links.append(link)
            for source, sink in ((link.client, link.server), (link.server, link.client)):
                threading.Thread(target=link.pump, args=(source, sink), daemon=True).start()

    def silence(self) -> int:
        """The streams open now fall silent; how many."""
        streams = [link for link in self.links if link.stream and not link.silent.is_set()]
        for link in streams:
            link.silent.set()
        return len(streams)

    def close(self) -> None:
        self.listener.close()
        for link in self.links:
            for end in (link.client, link.server):
                end.close()
