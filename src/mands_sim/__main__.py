import sys

from mands_sim.cli import main

sys.exit(main())
