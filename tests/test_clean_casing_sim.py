"""A simulated injector damages invented stories; cleaning must give the stories back.

The injector appends a markup fragment after random words, Title-Cases the one to three
words before each fragment, and Title-Cases some function words elsewhere, as the injector
behind the seed articles did. Scored like the acceptance check: token F1, case-sensitive.
"""

from __future__ import annotations

import difflib
import random
import re
from pathlib import Path

import pytest

from newsweave.clean import clean_text

FIXTURES = Path(__file__).parent / "fixtures" / "clean"
FUNCTION = {"that", "one", "after", "the", "my", "than", "more", "a"}
MIN_MEAN_F1 = 0.995
MIN_F1 = 0.985


def damage(paragraph: str, rnd: random.Random, marker: str) -> str:
    out: list[str] = []
    for i, word in enumerate(paragraph.split(" ")):
        core = re.sub(r"\W+$", "", word)
        tail = word[len(core) :]
        if core[:1].isalpha() and len(core) > 3 and not tail and rnd.random() < 0.18:
            for j in range(max(0, len(out) - rnd.choice([0, 1, 1, 2])), len(out)):
                out[j] = out[j][:1].upper() + out[j][1:]
            out.append(core[:1].upper() + core[1:] + marker)
        elif core.lower() in FUNCTION and i > 0 and rnd.random() < 0.3:
            out.append(core[:1].upper() + core[1:] + tail)
        else:
            out.append(word)
    return " ".join(out)


def token_f1(reference: str, candidate: str) -> float:
    ref, cand = reference.split(), candidate.split()
    matcher = difflib.SequenceMatcher(None, ref, cand, autojunk=False)
    same = sum(block.size for block in matcher.get_matching_blocks())
    return 2 * same / (len(ref) + len(cand))


@pytest.mark.parametrize("story", ["flood_story.txt", "blackout_story.txt"])
@pytest.mark.parametrize("marker", ["Ref ='Kim Poll'>", 'Data ="Foo Bar"/>'])
def test_injector_damage_is_undone(story: str, marker: str) -> None:
    original = (FIXTURES / story).read_text(encoding="utf-8").strip()
    scores = []
    for seed in range(20):
        rnd = random.Random(seed)
        damaged = "\n\n".join(damage(p, rnd, marker) for p in original.split("\n\n"))
        scores.append(token_f1(original, clean_text(damaged).text))
    assert sum(scores) / len(scores) >= MIN_MEAN_F1
    assert min(scores) >= MIN_F1
