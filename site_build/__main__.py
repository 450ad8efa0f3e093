"""``python -m site_build build [--force] | serve [--port N]``."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m site_build", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="build site/ (skipped when its inputs did not change)")
    build.add_argument("--force", action="store_true", help="rebuild even if site/ is up to date")
    serve = commands.add_parser("serve", help="serve site/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if args.command == "build":
        from .build import build as build_site

        build_site(force=args.force)
    else:
        from .serve import SiteServer

        site = ROOT / "site"
        if not (site / "index.html").exists():
            parser.error("no site/ yet: run `make site` first")
        server = SiteServer(site, args.port, verbose=True)
        print(f"serving site/ on {server.url} (Ctrl-C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
