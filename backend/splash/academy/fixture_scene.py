"""The picture and sound of a fixture lesson's video, as one ffmpeg filter graph (pure: no I/O).

A calm scene without a word in it: a sky with the sun and a drifting cloud, water whose waves
roll by, a swim ring in the level's colour bobbing at the surface, bubbles rising, and a soft
chord that swells and fades. ffmpeg draws all of it from lavfi sources (no image, no font is
read) with the filters in ``FILTERS``, none of which writes text: a lesson's only words are its
captions, one WebVTT track per language, so the track a parent picks is the only text on screen.

Each still (the sky, a wave, the ring, a bubble, the cloud) is computed once, by ``geq`` on a
single frame that is then looped; the motion comes from ``overlay`` positions and ``rotate``,
which cost little (``geq`` on every frame took over a minute per second of video).
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT, FRAME_RATE = 1280, 720, 25
SURFACE = 330  # the water line, in pixels from the top
# Every filter the graph may use: sources, stills, motion and sound; none draws text.
FILTERS = frozenset(
    {"color", "format", "geq", "loop", "rotate", "split", "overlay", "aevalsrc", "afade"}
)
RING_COLOURS = ("e8457f", "ff9f1c", "14a38b")  # level 1, 2, 3 (and on again)

SKY_TOP, SKY_LOW = "bfe3f7", "e6f4fd"
WATER_TOP, WATER_LOW = "5ab8ea", "0a5f9e"
BACK_WAVE, SUN, BUBBLE, WHITE = "8fd0f2", "ffd23f", "ebf6ff", "ffffff"
WAVE_PERIOD = 320  # pixels between two crests of the front wave
BUBBLES = ((0.18, 60, 30), (0.52, 45, 150), (0.68, 70, 90), (0.9, 50, 240))  # x, px/s, start


@dataclass(frozen=True)
class Scene:
    """What differs between two lessons' videos: length, the level's ring, where things are."""

    seconds: float
    ring: str  # rrggbb
    ring_x: int
    cloud_x: int


def scene(number: int, level: int, seconds: float) -> Scene:
    """The scene of the course's lesson ``number`` (1-based) in level ``level`` (1-based)."""
    return Scene(
        seconds=seconds,
        ring=RING_COLOURS[(level - 1) % len(RING_COLOURS)],
        ring_x=220 + (number * 157) % 640,
        cloud_x=60 + (number * 233) % 700,
    )


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def _blend(low: str, high: str, share: str, channel: int) -> str:
    """The channel of ``low`` blended towards ``high`` by ``share`` (an expression, 0…1)."""
    a, b = _rgb(low)[channel], _rgb(high)[channel]
    return f"({a}+({b}-{a})*{share})"


def _edge(distance: str) -> str:
    """1 inside a shape, 0 outside, with a soft edge of about one pixel (``distance`` > 0 is
    inside)."""
    return f"clip(({distance})/1.5+0.5,0,1)"


def _still(size: str, red: str, green: str, blue: str, alpha: str) -> str:
    """One frame drawn by ``geq``, repeated for as long as the video lasts."""
    return (
        f"color=c=black@0:s={size}:r={FRAME_RATE}:d={1 / FRAME_RATE},format=rgba,"
        f"geq=r='{red}':g='{green}':b='{blue}':a='{alpha}',loop=loop=-1:size=1"
    )


def _solid(size: str, colour: str, alpha: str) -> str:
    red, green, blue = (str(value) for value in _rgb(colour))
    return _still(size, red, green, blue, alpha)


def _sky_and_water() -> str:
    """The background: the sky lightening to the horizon with the sun, the water darkening
    with depth."""
    sun = _edge("62-hypot(X-1075,Y-140)")
    channels = []
    for channel in range(3):
        sky = _blend(SKY_TOP, SKY_LOW, f"Y/{SURFACE}", channel)
        lit = f"({sky}+{sun}*({_rgb(SUN)[channel]}-{sky}))"
        water = _blend(WATER_TOP, WATER_LOW, f"(Y-{SURFACE})/{HEIGHT - SURFACE}", channel)
        channels.append(f"if(lt(Y,{SURFACE}),{lit},{water})")
    red, green, blue = channels
    return _still(f"{WIDTH}x{HEIGHT}", red, green, blue, "255")


def _ring(colour: str) -> str:
    """A swim ring, 160 px across: the level's colour with four white bands."""
    distance = "hypot(X-80,Y-80)"
    band = "lt(mod(atan2(Y-80,X-80)+6.2832,1.5708),0.7854)"
    red, green, blue = (f"if({band},255,{value})" for value in _rgb(colour))
    alpha = f"255*{_edge(f'70-{distance}')}*{_edge(f'{distance}-38')}"
    return _still("160x160", red, green, blue, alpha)


def _cloud() -> str:
    puffs = "max(max(38-hypot(X-60,Y-58),46-hypot(X-112,Y-46)),36-hypot(X-164,Y-60))"
    return _solid("220x100", WHITE, f"235*{_edge(puffs)}")


def _bubble() -> str:
    return _solid("28x28", BUBBLE, f"210*{_edge('1.6-abs(hypot(X-14,Y-14)-10)')}")


def _waves() -> tuple[str, str]:
    """The far wave (lighter, behind the ring) and the near one, which covers the ring's lower
    half and fades into the water below; each twice a period wider than the picture."""
    width = WIDTH + 2 * WAVE_PERIOD
    far_crest = f"Y-20-7*sin(6.2832*X/{WAVE_PERIOD * 1.5}+1)"
    near_crest = f"Y-30-9*sin(6.2832*X/{WAVE_PERIOD})"
    far = _solid(f"{width}x60", BACK_WAVE, f"200*{_edge(far_crest)}")
    near = _solid(f"{width}x160", WATER_TOP, f"230*{_edge(near_crest)}*clip((160-Y)/70,0,1)")
    return far, near


def _sound(seconds: float) -> str:
    """A soft G major chord, slowly swelling, faded in and out."""
    chord = "+".join(
        f"{level}*sin(2*PI*{pitch}*t)"
        for level, pitch in ((0.05, 392), (0.035, 493.88), (0.03, 587.33))
    )
    fade = min(1.0, seconds / 4)
    return (
        f"aevalsrc=exprs='({chord})*(0.75+0.25*sin(2*PI*t/3.5))':s=44100:d={seconds:.3f},"
        f"afade=t=in:d={fade:.3f},afade=t=out:st={seconds - fade:.3f}:d={fade:.3f}[a]"
    )


def graph(drawn: Scene) -> str:
    """The filter graph: its outputs are ``[v]`` (WIDTH x HEIGHT, yuv420p) and ``[a]``."""
    far, near = _waves()
    bob = f"{SURFACE - 80}+8*sin(t*1.6)"
    parts = [
        f"{_sky_and_water()}[sky]",
        f"{_cloud()}[cloud]",
        f"{far}[far]",
        f"{near}[near]",
        f"{_ring(drawn.ring)},rotate=a='t*0.25':c=none:ow=160:oh=160[ring]",
        f"{_bubble()},split={len(BUBBLES)}" + "".join(f"[b{i}]" for i in range(len(BUBBLES))),
        f"[sky][cloud]overlay=x='{drawn.cloud_x}+t*9':y=40[l0]",
        f"[l0][far]overlay=x='-mod(t*22,{WAVE_PERIOD * 1.5:.0f})':y={SURFACE - 44}[l1]",
        f"[l1][ring]overlay=x={drawn.ring_x}:y='{bob}'[l2]",
        f"[l2][near]overlay=x='-mod(t*40,{WAVE_PERIOD})':y={SURFACE - 30}[l3]",
    ]
    layer = "l3"
    for i, (x, speed, start) in enumerate(BUBBLES):
        rise = f"{HEIGHT}-mod(t*{speed}+{start},{HEIGHT - SURFACE - 40})"
        wobble = f"{round(x * WIDTH)}+10*sin(t*1.7+{i})"
        parts.append(f"[{layer}][b{i}]overlay=x='{wobble}':y='{rise}'[m{i}]")
        layer = f"m{i}"
    parts.append(f"[{layer}]format=yuv420p[v]")
    parts.append(_sound(drawn.seconds))
    return ";".join(parts)
