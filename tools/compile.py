"""The compiled mode: the engine's hot modules built as C extensions with mypyc.

    uv run python tools/compile.py                  # build build/compiled/ (skipped when current)
    PYTHONPATH=build/compiled uv run pytest tests/village    # any test, compiled
    PYTHONPATH=build/compiled uv run python tools/compile.py --check compiled
    uv run python tools/compile.py --check pure     # nothing compiled is imported
    uv run python tools/compile.py --current        # exit 0 when the build is current
    uv run python tools/compile.py --background     # build unless another build runs

The pure-Python tree under explorer/ stays the one source of the rules and is never
touched: the build copies explorer/ and seeds/ into build/compiled/ and compiles the
modules of `MODULES` there, so their `.so` files sit beside the copied `.py` files and
the copy's other modules stay interpreted. Python imports an extension module before a
source file of the same name, so with build/compiled first on `PYTHONPATH` the compiled
modules are used; without it no `.so` file can be imported, and the pure tests stay
pure. `./dev test` runs `--check` in both modes before their tests.

`--check compiled` also plays each compiled game a little and checks that building a
state keeps no reference it should not (mypyc 2.4.1 leaked the constructor's arguments
of a compiled `State` subclass that did not allow interpreted subclasses: every state's
data stayed in memory).

mypyc needs a C compiler, Python's headers and the `mypy` and `setuptools` packages of
the dev group; without the first two the build stops with exit status 3 and says so (`./dev` then runs
the pure mode alone). A build is stamped with a hash of every source file: it is
redone whenever anything under explorer/ or seeds/ changed, since compiled code may
inline what it imports; the mypy cache under build/compiled/ makes a rebuild quicker.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib
import importlib.machinery
import os
import random
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "compiled"
STAMP = BUILD / "stamp.txt"
LOCK = ROOT / "build" / "compile.lock"
"""Held by a build started with --background, so that two starts never build at once."""
MODULES = (
    "explorer/core/chance.py",
    "explorer/core/state.py",
    "explorer/core/pending.py",
    "explorer/core/events.py",
    "explorer/core/playout.py",
    "explorer/core/observation.py",
    "explorer/core/tuples.py",
    "explorer/games/village/state.py",
    "explorer/games/village/cards.py",
    "explorer/games/village/narration.py",
    "explorer/games/village/legal.py",
    "explorer/games/village/rules.py",
    "explorer/games/village/fast.py",
    "explorer/games/village/data.py",
    "explorer/games/village/apply.py",
    "explorer/games/village/view.py",
    "explorer/games/village/agent.py",
    "explorer/games/summoners/state.py",
    "explorer/games/summoners/cards.py",
    "explorer/games/summoners/data.py",
    "explorer/games/summoners/apply.py",
    "explorer/games/summoners/legal.py",
    "explorer/games/summoners/grid.py",
    "explorer/games/summoners/fast.py",
    "explorer/games/summoners/narration.py",
    "explorer/games/summoners/judge.py",
    "explorer/games/momiji/state.py",
    "explorer/games/momiji/data.py",
    "explorer/games/momiji/legal.py",
    "explorer/games/momiji/apply.py",
    "explorer/games/momiji/rules.py",
    "explorer/games/momiji/cards.py",
    "explorer/games/momiji/agent.py",
    "explorer/games/pirates/state.py",
    "explorer/games/pirates/round.py",
    "explorer/games/pirates/apply.py",
    "explorer/games/pirates/legal.py",
    "explorer/games/pirates/dice.py",
    "explorer/games/pirates/data.py",
    "explorer/games/pirates/view.py",
    "explorer/games/pirates/agent.py",
    "explorer/games/pirates/heuristic.py",
    "explorer/games/pirates/odds.py",
)
"""The modules compiled, as paths in the source tree (the rest stays interpreted).
Moves stay interpreted: other games' moves, interpreted, derive from `Move`."""
GAMES = ("village", "summoners", "momiji", "pirates")
"""The games whose `State` subclass is compiled (the leak check plays them)."""

NO_COMPILER = 3
"""Exit status when no C compiler or no Python headers are found (the caller falls back
to pure Python)."""

MYPY_CONFIG = """\
[mypy]
python_version = 3.11
# Third-party packages only the views, charts and app use: their types do not reach
# the compiled modules, and reading their stubs would triple the build time.
[mypy-polars.*,altair.*,ipywidgets.*,anywidget.*,traitlets.*,voila.*,tqdm.*,jupyter_server.*,jupyter_client.*,distributed.*,msgspec.*,vl_convert.*,IPython.*,tornado.*]
follow_imports = skip
ignore_missing_imports = True
# Only the compiled modules must type-check: mypyc compiles them alone, and the
# interpreted modules they import are read for their types, not judged.
[mypy-explorer.*]
ignore_errors = True
""" + "".join(f"[mypy-{path[:-3].replace('/', '.')}]\nignore_errors = False\n" for path in MODULES) + """\
# Lying Pirates' rules read their game's own attributes (its catalogue, cards and
# parameters) through the core `State.game`, typed as the core `Game`: those reads are
# generic attribute reads, as in the interpreter.
[mypy-explorer.games.pirates.*]
disable_error_code = attr-defined
"""


def missing_toolchain() -> str | None:
    """What stops a C extension build here (no compiler, no Python headers), or None."""
    names = [os.environ.get("CC", ""), (sysconfig.get_config_var("CC") or "").split(" ")[0],
             "cc", "gcc", "clang"]
    if not any(n and shutil.which(n) for n in names):
        return "no C compiler found (cc, gcc or clang)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h; Debian: python3-dev)"
    return None


def sources() -> list[Path]:
    """Every file the compiled copy is made of, relative to the repository."""
    files = []
    for top in ("explorer", "seeds"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".so", ".pyc"):
                files.append(path.relative_to(ROOT))
    return files


def stamp() -> str:
    """A hash of the sources, the module list, and the mypy and Python versions."""
    import mypy.version
    digest = hashlib.sha256()
    digest.update(f"{MODULES}{mypy.version.__version__}{sys.version}{MYPY_CONFIG}".encode())
    for path in sources():
        digest.update(str(path).encode() + b"\0" + (ROOT / path).read_bytes() + b"\0")
    return digest.hexdigest()


def copy_sources() -> None:
    """build/compiled/ gets a fresh copy of explorer/ and seeds/ (the caches are kept),
    and a link to notebooks/: the package finds its tour beside itself (`explorer lab`)."""
    BUILD.mkdir(parents=True, exist_ok=True)
    for name in ("explorer", "seeds"):
        target = BUILD / name
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(ROOT / name, target,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
    notebooks = BUILD / "notebooks"
    if notebooks.is_symlink():
        notebooks.unlink()
    notebooks.symlink_to(ROOT / "notebooks", target_is_directory=True)
    (BUILD / "mypy.ini").write_text(MYPY_CONFIG)


def build(jobs: int) -> None:
    """Run mypyc over `MODULES` in build/compiled/ (C files built `jobs` at a time)."""
    setup = (
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"paths = {list(MODULES)!r} + ['--config-file', 'mypy.ini']\n"
        "setup(name='explorer-compiled', ext_modules=mypycify(paths, opt_level='3',\n"
        "      multi_file=True, group_name='explorer_compiled'),\n"
        f"      script_args=['build_ext', '--inplace', '--parallel', '{jobs}'])\n"
    )
    # mypy must read the copy being built, not an installed tree of the sources
    done = subprocess.run([sys.executable, "-c", setup], cwd=BUILD,
                          env=dict(os.environ, PYTHONPATH=str(BUILD)),
                          stdout=None if os.environ.get("VERBOSE") else subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if done.returncode:
        # mypy's type errors go to stdout: show them, not only the failed command
        sys.exit(f"{done.stdout or ''}\nthe compiled build failed (exit {done.returncode}); see above")


def compiled_names() -> list[str]:
    """The dotted names of `MODULES`."""
    return [m.removesuffix(".py").replace("/", ".") for m in MODULES]


def _is_extension(module: object) -> bool:
    return (getattr(module, "__file__", "") or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def leaks() -> list[str]:
    """The compiled games whose states keep a reference to the data they were built from
    after they are gone (a refcount leak), or whose played states pile up."""
    import explorer
    found = []
    for name in GAMES:
        state = explorer.load(name).new(seed=1)
        rng = random.Random(1)
        for _ in range(30):                  # into the game: chance and decisions
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        data = state.data
        before = sys.getrefcount(data)
        for _ in range(200):
            type(state)(state.game, data, state.events)
        after = sys.getrefcount(data)
        if after != before:
            found.append(f"{name}: building a state leaks {(after - before) / 200:g} "
                         "references to its data")
    return found


def check(mode: str) -> int:
    """0 when this interpreter imports the explorer of `mode` ("pure": the source tree,
    nothing compiled; "compiled": every module of `MODULES` compiled, from a build that
    is current and leaks nothing), else 1 with the reasons."""
    problems = []
    import explorer
    for name in compiled_names():
        importlib.import_module(name)
    here = Path(explorer.__file__).resolve().parent
    extensions = sorted(n for n, m in sys.modules.items()
                        if n.startswith("explorer.") and _is_extension(m))
    if mode == "pure":
        if here != ROOT / "explorer":
            problems.append(f"explorer comes from {here}, not the source tree")
        problems += [f"{n} is compiled" for n in extensions]
    else:
        if here != BUILD / "explorer":
            problems.append(f"explorer comes from {here}: put {BUILD} first on PYTHONPATH")
        problems += [f"{n} is not compiled" for n in compiled_names() if n not in extensions]
        if not STAMP.exists() or STAMP.read_text() != stamp():
            problems.append("the compiled copy is older than the sources: run tools/compile.py")
        if not problems:
            problems += leaks()
    for line in problems:
        print(f"{mode} mode: {line}", file=sys.stderr)
    if not problems:
        detail = f"{len(extensions)} compiled modules from {BUILD}" if mode == "compiled" else "no module compiled"
        print(f"{mode} mode checked: {detail}")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", choices=("pure", "compiled"),
                        help="verify that this interpreter imports the explorer of that mode")
    parser.add_argument("--clean", action="store_true", help="forget the caches and build afresh")
    parser.add_argument("--current", action="store_true",
                        help="exit 0 when the compiled mode is built from the sources as they are, 1 if not")
    parser.add_argument("--background", action="store_true",
                        help="build (as without flags) unless another --background build runs now")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if args.check:
        return check(args.check)
    if args.current:
        return 0 if STAMP.exists() and STAMP.read_text() == stamp() else 1
    if args.background:
        import fcntl
        LOCK.parent.mkdir(parents=True, exist_ok=True)
        lock = LOCK.open("w")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print("another build of the compiled mode is running")
            return 0
    missing = missing_toolchain()
    if missing:
        print(f"{missing}: the compiled mode is not built; the pure-Python mode works "
              "as before", file=sys.stderr)
        return NO_COMPILER
    if args.clean and BUILD.exists():
        shutil.rmtree(BUILD)
    current = stamp()
    if STAMP.exists() and STAMP.read_text() == current:
        print(f"the compiled mode is up to date ({BUILD})")
        return 0
    STAMP.unlink(missing_ok=True)
    copy_sources()
    build(args.jobs)
    STAMP.write_text(current)
    print(f"built {len(MODULES)} compiled modules in {BUILD}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
