"""ctest: verdicts are coloured on a terminal, and only there: not in a pipe, not with NO_COLOR set, not on a
dumb terminal (harness/io/terminal_style).

Usage: colour_test.py ZFCHECK. Runs zfcheck under a pseudo-terminal for the terminal cases; exits 77 (skipped)
with the reason where the system gives no pseudo-terminal (a chroot without /dev/pts mounted).
"""
import os
import pty
import subprocess
import sys
import tempfile
import unittest

ZFCHECK = sys.argv[1] if len(sys.argv) > 1 else "zfcheck"
ESC = b"\x1b["
INTRODUCES = ["diff", "--from", "pr-8456", "--to", "pr-8456:assign_only_positive_dataloader_len=off"]


def on_terminal(args, **env):
    """Output and exit status of zfcheck ARGS run with a pseudo-terminal as its standard output."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(ZFCHECK, [ZFCHECK, *args], {**os.environ, "TERM": "xterm", **env})
    out = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    return out, os.waitstatus_to_exitcode(status)


def without(name):
    env = dict(os.environ)
    env.pop(name, None)
    return env


class Colour(unittest.TestCase):

    def setUp(self):
        os.environ.pop("NO_COLOR", None)

    def test_verdicts_are_coloured_on_a_terminal(self):
        out, status = on_terminal(["replay"])
        self.assertEqual(status, 0, out)
        self.assertIn(b"\x1b[32m0 mismatches\x1b[0m", out)
        out, status = on_terminal(INTRODUCES)
        self.assertEqual(status, 1, out)
        self.assertRegex(out, rb"\x1b\[1;31mcauses introduced: [1-9][0-9]*\x1b\[0m")

    def test_nothing_in_a_pipe(self):
        run = subprocess.run([ZFCHECK, "replay"], capture_output=True, env={**without("NO_COLOR"), "TERM": "xterm"})
        self.assertEqual(run.returncode, 0)
        self.assertNotIn(ESC, run.stdout)
        self.assertIn(b"0 mismatches", run.stdout)

    def test_nothing_with_no_color_or_a_dumb_terminal(self):
        for env in ({"NO_COLOR": "1"}, {"TERM": "dumb"}):
            out, status = on_terminal(["replay"], **env)
            self.assertEqual(status, 0, out)
            self.assertNotIn(ESC, out, env)
            self.assertIn(b"0 mismatches", out)

    def test_explain_colours_its_verdict(self):
        with tempfile.TemporaryDirectory() as tmp:
            fine = os.path.join(tmp, "off.json")
            with open(fine, "w") as f:
                f.write('{"train_batch_size": 8, "zero_optimization": {"stage": 2}}')
            refused = os.path.join(tmp, "repeated.json")
            with open(refused, "w") as f:
                f.write('{"train_batch_size": 8, "train_batch_size": 8}')
            out, status = on_terminal(["explain", fine, "--profile", "deepspeed-edaa722"])
            self.assertEqual(status, 0, out)
            self.assertIn(b"\x1b[32mZenFlow is off", out)
            out, status = on_terminal(["explain", refused, "--profile", "deepspeed-edaa722"])
            self.assertEqual(status, 1, out)
            self.assertIn(b"\x1b[1;31mDeepSpeed refuses the file", out)
            run = subprocess.run([ZFCHECK, "explain", refused, "--profile", "deepspeed-edaa722"], capture_output=True,
                                 env={**without("NO_COLOR"), "TERM": "xterm"})
            self.assertNotIn(ESC, run.stdout)


def exit_unless_a_pseudo_terminal_opens():
    try:
        for fd in pty.openpty():
            os.close(fd)
    except OSError as e:
        print("SKIPPED: no pseudo-terminal to run zfcheck on (%s); mount devpts on /dev/pts to run this test" % e)
        sys.exit(77)


if __name__ == "__main__":
    exit_unless_a_pseudo_terminal_opens()
    unittest.main(argv=[sys.argv[0], "-v"])
