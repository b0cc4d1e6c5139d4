"""Prints infra/region-support.json from cfn-lint's per-region resource schemas.

Usage: python3 infra/region-support.py AWS::Type ... > infra/region-support.json
Commercial regions are the cfn-lint regions whose partition (aws-cdk-lib region-info, passed
as REGION_PARTITIONS JSON on stdin) is `aws`.
"""
import importlib
import json
import sys

import cfnlint
import cfnlint.helpers

types = sorted(set(sys.argv[1:]))
partitions = json.load(sys.stdin)
regions = {}
for region in sorted(cfnlint.helpers.REGIONS):
    if partitions.get(region) != "aws":
        continue
    module = importlib.import_module(
        "cfnlint.data.schemas.providers." + region.replace("-", "_")
    )
    regions[region] = [t for t in types if t not in module.types]
print(
    json.dumps(
        {
            "source": f"cfn-lint {cfnlint.version.__version__}: cfnlint/data/schemas/providers",
            "types": types,
            "missing": regions,
        },
        indent=2,
    )
)
