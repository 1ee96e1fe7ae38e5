import pathlib
import sys

# Lets tests import the helpers next to them (cpp_build) without making tests/ a package.
sys.path.insert(0, str(pathlib.Path(__file__).parent))
