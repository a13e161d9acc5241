"""The address the phones at the table open, said by scripts/serve.sh once the app answers:
this machine's address on the Wi-Fi or LAN (never 0.0.0.0) and a QR code of it drawn in the
terminal, which the first phone scans.

    python -m tracker.lan --port 8000 [--wait SECONDS]

Nothing here needs the internet: the routing table is asked which source address it would
use (a UDP socket "connected" sends no packet), and every interface's IPv4 address is read
(Linux), with the host name's addresses as a fallback. A private address (192.168/16, 10/8,
172.16/12) comes first, the one the routes choose first among them; every other address found
is said too, for a machine on two networks. Only the standard library and segno: it runs
without the app (no Flask is imported).
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import struct
import sys
import time
import urllib.error
import urllib.request

import segno

# addresses whose route the kernel is asked about: no packet is sent to any of them
ROUTE_PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255", "198.51.100.1")
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address
PRIVATE = [ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12")]


def routed() -> list[str]:
    """The source addresses the routing table picks towards private networks and beyond."""
    found = []
    for probe in ROUTE_PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            try:
                udp.connect((probe, 9))
            except OSError:  # no route there
                continue
            found.append(udp.getsockname()[0])
    return found


def interfaces() -> list[str]:
    """Every interface's IPv4 address (Linux; nothing elsewhere)."""
    try:
        import fcntl
    except ImportError:  # not a Unix
        return []
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(udp.fileno(), SIOCGIFADDR, request)
            except OSError:  # no IPv4 address on it
                continue
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


def named() -> list[str]:
    """The addresses this machine's host name resolves to."""
    try:
        return [
            info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        ]
    except OSError:
        return []


def choose(routed_: list[str], others: list[str]) -> list[str]:
    """The addresses phones could open, best first: no loopback, link-local or unspecified
    one; private before others; within each, those the routes pick first, then in order."""
    seen: list[str] = []
    for text in [*routed_, *others]:
        address = ipaddress.ip_address(text)
        if address.is_loopback or address.is_link_local or address.is_unspecified:
            continue
        if text not in seen:
            seen.append(text)
    private = [a for a in seen if any(ipaddress.ip_address(a) in n for n in PRIVATE)]
    return private + [a for a in seen if a not in private]


def addresses() -> list[str]:
    return choose(routed(), interfaces() + named())


def qr_lines(url: str, colours: bool) -> list[str]:
    """The QR code of `url` in half blocks (two modules a character, up and down), with its
    quiet zone. With `colours`, black on white whatever the terminal's own colours (a scanner
    wants dark modules on light); without, a dark module is a block (as on paper)."""
    rows = [list(row) for row in segno.make(url, error="m").matrix_iter(border=4)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))
    blocks = {(1, 1): "\u2588", (1, 0): "\u2580", (0, 1): "\u2584", (0, 0): " "}
    start, end = ("\033[30;107m", "\033[0m") if colours else ("", "")
    return [
        start + "".join(blocks[(bool(a), bool(b))] for a, b in zip(top, bottom)) + end
        for top, bottom in zip(rows[::2], rows[1::2])
    ]


def announcement(port: int, found: list[str], colours: bool = False) -> str:
    """What serve.sh prints: the first line says the address (a test reads it), then the other
    addresses if any, then the QR code of the first."""
    if not found:
        return (
            f"Ready: phones on this Wi-Fi open http://<this machine>:{port}/ (no network "
            f"address found: join the table's Wi-Fi; on this machine http://127.0.0.1:{port}/)"
        )
    urls = [f"http://{address}:{port}/" for address in found]
    lines = [f"Ready: phones on this Wi-Fi open {urls[0]}"]
    lines += [f"  or, on another network of this machine, {url}" for url in urls[1:]]
    lines += ["Or scan this with a phone's camera:", *qr_lines(urls[0], colours)]
    return "\n".join(lines)


def answers(port: int, seconds: float) -> bool:
    """Whether the app on this machine's `port` answers (any answer but a 5xx) within
    `seconds`."""
    end = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return True
        except urllib.error.HTTPError as error:
            if error.code < 500:
                return True
        except OSError:
            pass
        if time.monotonic() >= end:
            return False
        time.sleep(0.2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tracker.lan", description=__doc__)
    parser.add_argument("--port", type=int, required=True, help="the port phones open")
    parser.add_argument("--wait", type=float, default=0, help="seconds to wait for an answer")
    args = parser.parse_args(argv)
    if args.wait and not answers(args.port, args.wait):
        print(f"nothing answers on port {args.port} after {args.wait:g} s", file=sys.stderr)
        return 1
    print(announcement(args.port, addresses(), colours=sys.stdout.isatty()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
