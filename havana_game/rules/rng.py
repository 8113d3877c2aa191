"""The game's only source of chance: a 64-bit generator whose whole state is one int.

Keeping the state a plain int makes it part of `State` (saved, cloned, replayed
exactly) at no cost. The generator is a PCG-style LCG with an output permutation
(xorshift + multiply) so low and high bits are both usable.
"""

_MASK = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407


def seed_state(seed: int) -> int:
    """Spread any integer seed into a well-mixed 64-bit starting state (splitmix64)."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def step(rng: int) -> tuple[int, int]:
    """Advance the state; return (new state, 32 random bits)."""
    rng = (rng * _MULTIPLIER + _INCREMENT) & _MASK
    x = rng ^ (rng >> 29)
    x = (x * 0xBF58476D1CE4E5B9) & _MASK
    return rng, (x >> 32)


def below(rng: int, n: int) -> tuple[int, int]:
    """Advance the state; return (new state, a uniform integer in [0, n)). n <= 2**16."""
    rng, bits = step(rng)
    return rng, (bits * n) >> 32
