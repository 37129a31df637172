#!/usr/bin/env python3
"""Holds the model's str.upper(), str.lower(), repr(), int(), float() and `% 8` of text (py_text_answers) to
this Python's own: every code point alone, then random strings of letters, sigmas, marks, lone surrogates,
digits of several scripts, spaces, signs and printf-style conversions. Wherever the model
answers, the answer must be Python's; it must answer for most assigned characters, and for nearly every
character whose case this Python changes.

Usage: py_text_against_python.py ANSWERS_BINARY [--seed N] [--strings N]
"""
import argparse
import json
import random
import subprocess
import sys
import unicodedata

# Characters whose mapping depends on their neighbours or expands, and the kinds around them.
POOL = ["\u03a3", "\u0391", "\u03c3", "a", "Z", " ", "'", "\u00ad", "\u0307", "\u0130", "\u00df", "\ufb01",
        "\u1f88", "\u0149", "\ud800", "\udc00", "\u00e9", "\u2126", "\u01c5", ".", "\u10d0", "\U0001e900",
        "1", "\u0661", "\u0969", "\uff15", "\U0001d7ce", "\u00b2", "_", "-", "+", "e", "\u00a0", "\u3000",
        "\x1c", "\x85", "\x7f", "inf", "\u2028", "\t",
        "%", "%", "%%", "(", "*", "0", "5", "#", "d", "s", "c", "q", "l", "h", "f", "9" * 12]


OPS = ["upper", "lower", "repr", "int", "float", "% 8"]


def number(read, s):
    """int(s) as its decimal text, float(s) as its repr, "ValueError" where Python refuses the text."""
    try:
        return str(read(s)) if read is int else repr(read(s))
    except ValueError:
        return "ValueError"


def percent(s):
    """"ok" where s % 8 formats, else the error as "<type>: <message>" (a MemoryError: the model does not say)."""
    try:
        s % 8
        return "ok"
    except (TypeError, ValueError) as e:
        return f"{type(e).__name__}: {e}"
    except MemoryError:
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("answers")
    parser.add_argument("--seed", type=int, default=random.randrange(2**32))
    parser.add_argument("--strings", type=int, default=20000)
    args = parser.parse_args()
    print(f"seed {args.seed} (replay: {sys.argv[0]} {args.answers} --seed {args.seed} --strings {args.strings});"
          f" Python {sys.version.split()[0]}, Unicode {unicodedata.unidata_version}")
    rng = random.Random(args.seed)
    inputs = [chr(cp) for cp in range(0x110000)]
    inputs += ["".join(rng.choice(POOL) for _ in range(rng.randint(1, 6))) for _ in range(args.strings)]
    inputs = [json.loads(json.dumps(s)) for s in inputs]  # as a case line gives them: "\ud800\udc00" is one
    text = "".join(json.dumps(s) + "\n" for s in inputs)
    done = subprocess.run([args.answers], input=text, capture_output=True, text=True, check=True)
    answers = done.stdout.splitlines()
    if len(answers) != len(inputs):
        sys.exit(f"FAILED: {len(answers)} answers to {len(inputs)} inputs")
    wrong, answered = [], [0] * len(OPS)
    for s, line in zip(inputs, answers):
        for k, (model, python) in enumerate(zip(json.loads(line), (s.upper(), s.lower(), repr(s), number(int, s),
                                                                    number(float, s), percent(s)))):
            if model is None or python is None:
                continue
            answered[k] += 1
            if model != python:
                wrong.append(f"{OPS[k]} of {s!r}: model {model!r}, Python {python!r}")
    assigned = sum(unicodedata.category(chr(cp)) != "Cn" for cp in range(0x110000))
    # The characters whose case this Python changes, and how many of them the model answers.
    changing = [[cp for cp in range(0x110000) if getattr(chr(cp), op)() != chr(cp)] for op in ("upper", "lower")]
    cased = [sum(json.loads(answers[cp])[k] is not None for cp in changing[k]) for k in (0, 1)]
    print(f"answered of {len(inputs)}: " + ", ".join(f"{op} {n}" for op, n in zip(OPS, answered)) +
          f" ({assigned} code points are assigned here); of the characters whose case it changes:"
          f" upper {cased[0]} of {len(changing[0])}, lower {cased[1]} of {len(changing[1])}")
    for line in wrong[:20]:
        print("  " + line)
    if wrong:
        sys.exit(f"FAILED: {len(wrong)} answers differ from Python's")
    if min(answered) < assigned * 0.8 or any(n < len(c) * 0.95 for n, c in zip(cased, changing)):
        sys.exit("FAILED: the model refuses a fifth of the assigned characters, or one in twenty whose case changes")
    print("passed")


if __name__ == "__main__":
    main()
