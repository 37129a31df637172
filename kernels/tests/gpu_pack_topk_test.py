"""ctest: the GPU pack's top-k agreement, run on the CPU: kernels/pack-upstream.sh packs a checkout-shaped
miniature's selection code, the pack's `topk` script runs it under torch on the CPU and
zfcheck_topk_agreement compares it with the oracle and judges the kernels' CPU build.

Usage: gpu_pack_topk_test.py ZFCHECK_TOPK_AGREEMENT (under a Python with torch: Debian's python3-torch serves
/usr/bin/python3). Exits 77 (skipped) with the reason printed when this Python has no torch.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

AGREEMENT = sys.argv.pop(1) if len(sys.argv) > 1 else "zfcheck_topk_agreement"
HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..")
sys.path.insert(0, os.path.join(HERE, "..", "..", "harness", "upstream", "tests"))

try:
    import torch
except ImportError:
    torch = None
from test_conformance import git  # noqa: E402
from topk_fixture_checkout import write_topk_checkout  # noqa: E402

# The miniature counts a 1-D parameter's elements before skipping it: the fixed rule, not upstream's.
FIXED = "deepspeed-edaa722:one_d_params_shift_offsets=off"
STAGE3 = "deepspeed/runtime/zenflow/engine_stage3.py"


class PackedTopk(unittest.TestCase):
    """A pack's top-k part (the agreement program, the `topk` script, pack-upstream.sh's files) in self.pack,
    and the miniature in self.checkout; `python3` on PATH is this Python (it has torch)."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.pack = os.path.join(self.dir.name, "pack")
        self.checkout = os.path.join(self.dir.name, "checkout")
        os.makedirs(self.pack)
        shutil.copy(AGREEMENT, os.path.join(self.pack, "zfcheck_topk_agreement"))
        shutil.copy(os.path.join(KERNELS, "gpu-topk.sh"), os.path.join(self.pack, "topk"))
        bin_dir = os.path.join(self.dir.name, "bin")
        os.makedirs(bin_dir)
        os.symlink(sys.executable, os.path.join(bin_dir, "python3"))
        self.env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"])
        write_topk_checkout(self.checkout)

    def tearDown(self):
        self.dir.cleanup()

    def pack_upstream(self, spec, profile=FIXED, count="60"):
        return subprocess.run([os.path.join(KERNELS, "pack-upstream.sh"), self.pack, spec, profile, count, "5"],
                              capture_output=True, text=True, env=self.env, timeout=60)

    def topk(self, *args):
        return subprocess.run([os.path.join(self.pack, "topk"), *args], capture_output=True, text=True,
                              env=self.env, timeout=600)

    def test_a_run_compares_every_problem_and_judges_the_kernels(self):
        packed = self.pack_upstream(self.checkout)
        self.assertEqual(packed.returncode, 0, packed.stderr)
        done = self.topk("cpu")
        self.assertIn("60 generated problems (seed 5)", done.stderr)
        self.assertIn("== upstream's selection code (torch " + torch.__version__ + ") against the oracle (profile " +
                      FIXED + ")", done.stdout)
        self.assertIn("== the kernels' CPU build against the oracle\nkernel judgement: 60/60 problems pass",
                      done.stdout)
        # Every problem is compared or listed as one upstream's torch cannot run; the miniature is not
        # upstream, so some disagree, each shown with its replays, and the run exits 1.
        compared = re.search(r"^upstream and the oracle: (\d+)/(\d+) problems; the kernels' CPU build and the "
                             r"oracle: 60/60; all three: \1/\2$", done.stdout, re.M)
        self.assertIsNotNone(compared, done.stdout[-3000:])
        agreed, total = int(compared.group(1)), int(compared.group(2))
        not_compared = sum(int(n) for n in re.findall(r"^not compared: (\d+) problems", done.stdout, re.M))
        self.assertEqual(total + not_compared, 60)
        self.assertLess(agreed, total)
        self.assertEqual(done.returncode, 1)
        self.assertIn("| zfcheck topk --profile '" + FIXED + "' -", done.stdout)
        self.assertIn("| python3 " + os.path.join(self.pack, "zf_topk_upstream.py") + " --deepspeed " +
                      os.path.join(self.pack, "deepspeed") + " --device cpu", done.stdout)

    def test_a_revision_packs_its_committed_files_and_the_work_tree_its_own(self):
        git(self.checkout, "init", "-q")
        git(self.checkout, "add", ".")
        git(self.checkout, "commit", "-q", "-m", "miniature")
        write_topk_checkout(self.checkout, planted=(1, 0))  # the working tree raises on rank 1
        packed_file = os.path.join(self.pack, "deepspeed", STAGE3)
        packed = self.pack_upstream(self.checkout + "@HEAD")
        self.assertEqual(packed.returncode, 0, packed.stderr)
        sha = subprocess.run(["git", "-C", self.checkout, "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True).stdout.strip()
        self.assertIn("upstream's code at " + self.checkout + "@" + sha + ", profile", packed.stdout)
        with open(packed_file) as f:
            self.assertNotIn("(1, 0)", f.read())
        self.pack_upstream(self.checkout)
        with open(packed_file) as f:
            self.assertIn("(1, 0)", f.read())
        done = self.topk("cpu")
        self.assertIn("DISAGREE rank outcome: ok: ", done.stdout)

    @unittest.skipUnless(os.environ.get("DEEPSPEED_SRC"), "set DEEPSPEED_SRC to a DeepSpeed clone to run upstream's code")
    def test_upstreams_own_code_agrees(self):
        packed = self.pack_upstream(os.environ["DEEPSPEED_SRC"] + "@edaa72212", profile="deepspeed-edaa722")
        self.assertEqual(packed.returncode, 0, packed.stderr)
        done = self.topk("cpu")
        self.assertEqual(done.returncode, 0, done.stdout[-3000:])
        self.assertRegex(done.stdout, r"all three: (\d+)/\1\n$")

    def test_faults_name_what_is_wrong(self):
        bad = self.pack_upstream(self.checkout + "@nosuchrev")
        self.assertEqual(bad.returncode, 2)
        self.assertIn("nosuchrev is no commit of " + self.checkout, bad.stderr)
        self.pack_upstream(self.checkout)
        os.remove(os.path.join(self.pack, "zf_topk_upstream.py"))
        done = self.topk("cpu")
        self.assertEqual(done.returncode, 2)
        self.assertIn("zf_topk_upstream.py is missing", done.stderr)
        self.pack_upstream(self.checkout)
        done = self.topk("nosuchdevice")
        self.assertEqual(done.returncode, 1)
        self.assertIn("cannot use device 'nosuchdevice'", done.stderr)


if __name__ == "__main__":
    if torch is None:
        print(f"SKIPPED: {sys.executable} has no torch (Debian's python3-torch serves /usr/bin/python3)")
        sys.exit(77)
    unittest.main()
