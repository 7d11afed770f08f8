"""``python -m tricktable``: the ``tricktable`` command."""

from tricktable.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
