import sys

try:
    from mands_sim.cli import main
except KeyboardInterrupt:  # Ctrl-C while the command line loads: nothing began
    print("mands-sim: interrupted", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
