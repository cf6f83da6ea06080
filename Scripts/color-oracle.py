#!/usr/bin/env python3
"""Writes the expected sRGB of a few hundred DTCG colors, computed by coloraide, as a fixture.

Usage: pip install coloraide && Scripts/color-oracle.py > Tests/ThemeKitTests/Fixtures/ColorSpaces/oracle.json

ThemeKit converts the 14 color spaces of the DTCG 2025.10 Color module to sRGB with CSS Color 4's
conversions and gamut mapping (Sources/ThemeKit/Tokens/). This script asks an independent
implementation, coloraide (https://facelessuser.github.io/coloraide/), the same question, so that
Tests/ThemeKitTests/ColorSpaceOracleTests.swift checks ThemeKit's answers against someone else's
rather than against its own earlier output. The test reads the fixture and needs no Python.

For each input the fixture holds:

    {"space": "oklch", "components": [0.7, 0.4, 30], "alpha": 0.5,
     "srgb": [r, g, b], "inGamut": false}

- `components` as DTCG writes them (hsl and hwb in percent, `"none"` for a missing component);
- `srgb`: the color converted to sRGB and fitted with coloraide's `oklch-chroma` method, which its
  documentation names as CSS Color 4's binary search in OKLCh (MINDE, JND 0.02, epsilon 0.0001,
  clip at the end);
- `inGamut`: coloraide's `in_gamut` of the converted (unfitted) color with the fixture's
  `tolerance`, the one ThemeKit uses to say a color was outside sRGB (half an 8-bit step).

The inputs come from a seeded generator: the same coloraide gives the same file.
"""
import json
import math
import random
import sys

import coloraide
from coloraide import Color

TOLERANCE = 1 / 510

# DTCG name -> (coloraide name, scale applied to each component for coloraide, sampler ranges)
SPACES = {
    "srgb": ("srgb", (1, 1, 1), ((0, 1), (0, 1), (0, 1))),
    "srgb-linear": ("srgb-linear", (1, 1, 1), ((0, 1), (0, 1), (0, 1))),
    "hsl": ("hsl", (1, 0.01, 0.01), ((0, 360), (0, 100), (0, 100))),
    "hwb": ("hwb", (1, 0.01, 0.01), ((0, 360), (0, 100), (0, 100))),
    "lab": ("lab", (1, 1, 1), ((0, 100), (-125, 125), (-125, 125))),
    "lch": ("lch", (1, 1, 1), ((0, 100), (0, 150), (0, 360))),
    "oklab": ("oklab", (1, 1, 1), ((0, 1), (-0.4, 0.4), (-0.4, 0.4))),
    "oklch": ("oklch", (1, 1, 1), ((0, 1), (0, 0.4), (0, 360))),
    "display-p3": ("display-p3", (1, 1, 1), ((0, 1), (0, 1), (0, 1))),
    "a98-rgb": ("a98-rgb", (1, 1, 1), ((0, 1), (0, 1), (0, 1))),
    "prophoto-rgb": ("prophoto-rgb", (1, 1, 1), ((0, 1), (0, 1), (0, 1))),
    "rec2020": ("rec2020", (1, 1, 1), ((0, 1), (0, 1), (0, 1))),
    "xyz-d65": ("xyz-d65", (1, 1, 1), ((0, 1), (0, 1), (0, 1))),
    "xyz-d50": ("xyz-d50", (1, 1, 1), ((0, 1), (0, 1), (0, 1))),
}

# Hand-picked inputs per space: corners, extremes, `none`, and colors far outside sRGB.
EDGES = {
    "srgb": [[1, 0, 1], [0, 0, 0], [1, 1, 1], ["none", 0.5, "none"]],
    "srgb-linear": [[1, 0, 1], [0.5, 0.5, 0.5], [0.0031, 0.2, 1], [0, "none", 1]],
    "hsl": [[330, 100, 50], ["none", 0, 100], [0, 0, 100], [120, 100, 25], [359.9, 50, 50], [200, "none", 40]],
    "hwb": [[330, 0, 0], [90, 60, 60], ["none", 20, 30], [0, 100, 0], [240, 0, 100]],
    "lab": [[60.17, 93.54, -60.5], [100, 0, 0], [0, 0, 0], [50, 150, 150], [90, -120, 110], [20, "none", -100],
            [100, 60, 0], [0.5, 40, 40]],
    "lch": [[60.17, 111.4, 327.11], [50, 150, 40], [90, 120, 140], [30, 130, 280], [70, 40, "none"],
            [100, 80, 200], [5, 90, 300]],
    "oklab": [[0.701, 0.2746, -0.169], [1, 0, 0], [0.6, 0.4, 0.4], [0.9, -0.3, 0.3], [0.3, "none", -0.4],
              [0.05, 0.2, 0.2]],
    "oklch": [[0.7016, 0.3225, 328.363], [0.7, 0.4, 30], [0.9, 0.35, 140], [0.4, 0.4, 264], [1, 0.2, 90],
              [0, 0.2, 90], [0.6, 0.3, "none"], [0.99, 0.3, 200], [0.02, 0.3, 20]],
    "display-p3": [[1, 0, 1], [0, 1, 0], [1, 0, 0], [0, 0, 1], [1, 1, 0]],
    "a98-rgb": [[1, 0, 1], [0, 1, 0], [0, 1, 1], [1, 0.5, 0]],
    "prophoto-rgb": [[1, 0, 1], [0, 1, 0], [0, 0, 1], [1, 1, 1], [0.01, 0.5, 0.3]],
    "rec2020": [[1, 0, 1], [0, 1, 0], [1, 0, 0], [0, 1, 1], [0.5, 0.5, 0.5]],
    "xyz-d65": [[0.5929, 0.2848, 0.9699], [0.9505, 1, 1.089], [0.8, 0.9, 0.1], [0.1, 0.5, 0.1], [0, 0, 0]],
    "xyz-d50": [[0.5791, 0.2831, 0.728], [0.9642, 1, 0.8251], [0.2, 0.05, 0.9], [0.5, "none", 0.5]],
}

RANDOM_PER_SPACE = 18


def coloraide_coords(components, scale):
    return [math.nan if c == "none" else c * s for c, s in zip(components, scale)]


def entry(space, components, alpha):
    name, scale, _ = SPACES[space]
    color = Color(name, coloraide_coords(components, scale), 1 if alpha is None else alpha)
    srgb = color.convert("srgb")
    in_gamut = srgb.in_gamut(tolerance=TOLERANCE)
    fitted = srgb.clone().fit(method="oklch-chroma")
    result = {"space": space, "components": components}
    if alpha is not None:
        result["alpha"] = alpha
    result["srgb"] = [round(0.0 if math.isnan(v) else v, 12) for v in fitted.coords(nans=False)]
    result["inGamut"] = in_gamut
    return result


def main():
    rng = random.Random(37)
    entries = []
    for space, (_, _, ranges) in SPACES.items():
        inputs = [(edge, None) for edge in EDGES[space]]
        for index in range(RANDOM_PER_SPACE):
            components = [round(rng.uniform(low, high), 4) for low, high in ranges]
            alpha = round(rng.uniform(0, 1), 3) if index % 5 == 0 else None
            inputs.append((components, alpha))
        entries.extend(entry(space, components, alpha) for components, alpha in inputs)
    fixture = {
        "generator": f"Scripts/color-oracle.py with coloraide {coloraide.__version__}",
        "method": "oklch-chroma",
        "tolerance": TOLERANCE,
        "colors": entries,
    }
    # One color a line, so that a change to the fixture reads as a change to the colors it touches.
    head = json.dumps({key: value for key, value in fixture.items() if key != "colors"}, indent=1)[:-2]
    lines = ",\n  ".join(json.dumps(color) for color in fixture["colors"])
    sys.stdout.write(head + ',\n "colors": [\n  ' + lines + "\n ]\n}\n")


if __name__ == "__main__":
    main()
