"""A hosted LAN table recognises its host process by the PID in its notes only
when that process's command line names the table's folder: a PID the system gave
to another program since (the host died, the number was reused) is never taken
for the host, so it is never signalled by Stop or Forget."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

from havana_game.client.session.lanhost import NOTES, HostedTable


def test_a_reused_pid_of_another_program_is_never_recognised_nor_signalled(tmp_path):
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        folder = tmp_path / "table"
        folder.mkdir()
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
            # Something listens on the table's port, as the host did: only the
            # PID's owner can tell the table that it is not its host.
            listener.bind(("127.0.0.1", 0))
            listener.listen()
            port = listener.getsockname()[1]
            (folder / NOTES).write_text(json.dumps(
                {"pid": other.pid, "port": port, "code": "ABCD", "name": "Ana"}), "utf-8")
            hosted = HostedTable(folder, port=port, code="ABCD")
            assert not hosted.running()
            hosted.stop()
            assert other.poll() is None, "stop() signalled a process that is not the host"
            hosted.forget()
            assert other.poll() is None, "forget() signalled a process that is not the host"
            assert not folder.exists()
    finally:
        other.kill()
        other.wait()
