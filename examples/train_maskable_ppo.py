"""Train sb3-contrib's MaskablePPO on ``seep/Seep-v0`` (standard-2p) and plot its learning curve.

Run from a checkout, in an environment with ``seep-rules[gymnasium]``,
``sb3-contrib`` and (for the picture) ``matplotlib``::

    python examples/train_maskable_ppo.py            # about 10 CPU minutes, one thread

The agent plays seat 0 in half of the training environments and seat 1 in
the other half, against ``RandomBot`` (``--greedy-every 4`` puts
``GreedyBot`` in every fourth environment), with the ``"scaled"`` reward
(the deal's score difference divided by the deal's 100 card points) paid
out as the points are captured (:class:`CapturedPoints`); the observation
(which says what each hand card can do) is divided by the space's upper
bounds. Every ``--eval-every`` steps it plays a fixed set of deals (seats
alternating) against each bot, the agent choosing its most likely id, and
writes the share of deals won (a tie counts half) with its Wilson 95%
interval to a CSV file and the curve so far to an SVG picture; at the end it
prints the CPU time the run took. The run is seeded: the same command on the
same versions gives the same curve.
"""

from __future__ import annotations

import argparse
import csv
import math
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from seep.bounds import card_point_range
from seep.gymnasium import SeepEnv
from seep.observation import observation_layout
from seep.variants import get_variant

VARIANT = "standard-2p"
OPPONENTS = ("random", "greedy")


class ScaledObservation(gymnasium.ObservationWrapper):  # type: ignore[type-arg]
    """The observation divided by the space's upper bounds: every entry in 0..1, as float32."""

    def __init__(self, env: gymnasium.Env) -> None:  # type: ignore[type-arg]
        super().__init__(env)
        space = env.observation_space
        assert isinstance(space, gymnasium.spaces.Box) and (space.low == 0).all()
        self._divisor = np.maximum(space.high, 1).astype(np.float32)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, space.shape, np.float32)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        return observation.astype(np.float32) / self._divisor

    def action_masks(self) -> np.ndarray:
        env: SeepEnv = self.unwrapped  # type: ignore[assignment]
        return env.action_masks()


class CapturedPoints(gymnasium.Wrapper):  # type: ignore[type-arg]
    """Adds the change in the score so far to each step's reward: the points land when captured.

    The score so far is read from the observation (the card points of each
    team's pile plus its seep points, as the ``"scaled"`` reward counts
    them) and counted as 0 once the deal is over, so over a deal the added
    rewards sum to zero and the deal's total reward is unchanged: this is
    potential-based shaping, which leaves the best policy as it was but
    tells the learner at once which play won or lost points.
    """

    def __init__(self, env: SeepEnv) -> None:
        super().__init__(env)
        rules = get_variant(VARIANT)
        layout = observation_layout(rules)
        lowest, highest = card_point_range(rules)
        self._divisor = highest - lowest
        self._points = np.array(rules.card_points.points, dtype=np.int64)
        self._own, self._other = layout["pile_own"], layout["pile_other"]
        self._seeps = layout["seep_points"]
        self._score = 0.0

    def _score_of(self, observation: np.ndarray) -> float:
        own = self._points @ observation[self._own] + observation[self._seeps][0]
        other = self._points @ observation[self._other] + observation[self._seeps][1]
        return float(own - other) / self._divisor

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        observation, info = self.env.reset(**kwargs)
        self._score = self._score_of(observation)
        return observation, info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        observation, reward, done, truncated, info = self.env.step(action)
        score = 0.0 if done else self._score_of(observation)
        reward = float(reward) + score - self._score
        self._score = score
        return observation, reward, done, truncated, info


def make_env(seat: int, opponent: str, reward: str) -> ScaledObservation:
    env: gymnasium.Env = SeepEnv(VARIANT, seat=seat, opponents=opponent, reward=reward)  # type: ignore[type-arg]
    if reward == "scaled":
        env = CapturedPoints(env)
    return ScaledObservation(env)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% with the default ``z``)."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(model: MaskablePPO, opponent: str, deals: int, seed: int) -> dict[str, Any]:
    """Play ``deals`` seeded deals against ``opponent``, seats alternating, the policy's greedy action.

    All deals run side by side so that the policy sees one batch per step.
    """
    envs = [make_env(seat=deal % 2, opponent=opponent, reward="win") for deal in range(deals)]
    observations = [env.reset(seed=seed + deal)[0] for deal, env in enumerate(envs)]
    results: list[float | None] = [None] * deals
    active = list(range(deals))
    while active:
        batch = np.stack([observations[i] for i in active])
        masks = np.stack([envs[i].action_masks() for i in active])
        actions, _ = model.predict(batch, action_masks=masks, deterministic=True)
        still = []
        for i, action in zip(active, actions, strict=True):
            observation, reward, done, _, _ = envs[i].step(int(action))
            observations[i] = observation
            if done:
                results[i] = float(reward)
            else:
                still.append(i)
        active = still
    wins = sum(1 for r in results if r == 1.0)
    ties = sum(1 for r in results if r == 0.0)
    share = (wins + ties / 2) / deals
    low, high = wilson(wins + ties / 2, deals)
    return {
        "opponent": opponent,
        "deals": deals,
        "wins": wins,
        "ties": ties,
        "losses": deals - wins - ties,
        "win_rate": round(share, 4),
        "low": round(low, 4),
        "high": round(high, 4),
    }


class Evaluation(BaseCallback):
    """Evaluates the policy every ``every`` steps and appends the rows to a CSV file."""

    def __init__(
        self, every: int, deals: int, seed: int, path: Path, picture: Path, start: float
    ) -> None:
        super().__init__()
        self.every = every
        self.deals = deals
        self.seed = seed
        self.path = path
        self.picture = picture
        self.start = start
        self.rows: list[dict[str, Any]] = []
        self.next = 0

    def _on_rollout_start(self) -> None:  # after each update, so a row is the policy as it stands
        if self.num_timesteps >= self.next:
            self.evaluate()

    def _on_step(self) -> bool:
        return True

    def evaluate(self, deals: int | None = None) -> None:
        steps = self.num_timesteps
        for opponent in OPPONENTS:
            row = evaluate(self.model, opponent, deals or self.deals, self.seed)
            row = {"steps": steps, "cpu_seconds": round(time.process_time() - self.start, 1), **row}
            self.rows.append(row)
            print(
                f"{steps:>8} steps {row['cpu_seconds']:>7.0f} CPU s  vs {opponent:<6} "
                f"{row['win_rate']:.3f} [{row['low']:.3f}, {row['high']:.3f}]",
                flush=True,
            )
        self.next = steps + self.every
        with self.path.open("w", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=list(self.rows[0]))
            writer.writeheader()
            writer.writerows(self.rows)
        plot(self.rows, self.picture)  # drawn as it goes: a cut-short run still has its curve


def read_row(row: dict[str, str]) -> dict[str, Any]:
    """A row of the CSV file with its numbers as numbers."""
    return {
        key: text if key == "opponent" else float(text) if "." in text else int(text)
        for key, text in row.items()
    }


def plot(rows: list[dict[str, Any]], path: Path) -> None:
    """The win rate against each bot over the training steps, its 95% interval shaded."""
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "seep"  # stable ids: the same run, the same file
    figure, axes = plt.subplots(figsize=(8, 4.5))
    for opponent, colour in zip(OPPONENTS, ("tab:blue", "tab:orange"), strict=True):
        mine = [row for row in rows if row["opponent"] == opponent]
        steps = [row["steps"] for row in mine]
        axes.plot(
            steps,
            [row["win_rate"] for row in mine],
            color=colour,
            marker="o",
            markersize=3,
            clip_on=False,  # a point on an edge of the axes is drawn whole
            label=f"against {opponent.capitalize()}Bot",
        )
        axes.fill_between(
            steps,
            [row["low"] for row in mine],
            [row["high"] for row in mine],
            color=colour,
            alpha=0.2,
            linewidth=0,
        )
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    axes.set_ylim(0, 1)
    last = max(1, *(row["steps"] for row in rows))
    axes.set_xlim(0, last * 1.02)
    axes.set_xlabel("training steps (ids chosen by the agent)")
    axes.set_ylabel("share of deals won (tie = 1/2)")
    steps, cpu = rows[-1]["steps"], rows[-1]["cpu_seconds"]
    axes.set_title(
        f"MaskablePPO on seep/Seep-v0, {VARIANT}: {steps:,} steps, {cpu / 60:.0f} CPU minutes",
        fontsize=10,
    )
    axes.grid(alpha=0.3)
    axes.xaxis.set_major_formatter(lambda x, _: f"{x / 1000:.0f}k")
    axes.legend(loc="upper left")
    figure.tight_layout()
    figure.savefig(path, metadata={"Date": None})
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=600_000, help="training steps")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--envs", type=int, default=8, help="training environments")
    parser.add_argument("--eval-every", type=int, default=50_000, help="steps between evaluations")
    parser.add_argument("--eval-deals", type=int, default=100, help="deals against each bot")
    parser.add_argument("--final-deals", type=int, default=400, help="deals of the last evaluation")
    parser.add_argument("--csv", type=Path, default=Path("maskable-ppo-standard-2p.csv"))
    parser.add_argument("--svg", type=Path, default=Path("maskable-ppo-standard-2p.svg"))
    parser.add_argument("--learning-rate", type=float, default=6e-4)
    parser.add_argument("--epochs", type=int, default=8, help="passes over each batch")
    parser.add_argument(
        "--greedy-every",
        type=int,
        default=0,
        help="every n-th environment plays GreedyBot; 0: none",
    )
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--replot", action="store_true", help="only redraw the SVG from the CSV")
    args = parser.parse_args()
    if args.replot:
        with args.csv.open(newline="") as rows:
            plot([read_row(row) for row in csv.DictReader(rows)], args.svg)
        return

    torch.set_num_threads(args.threads)
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    # Seats alternate across the environments; every n-th plays GreedyBot, the rest RandomBot.
    train = DummyVecEnv(
        [
            (
                lambda i=i: make_env(
                    seat=i % 2,
                    opponent=OPPONENTS[
                        args.greedy_every > 0 and i % args.greedy_every == args.greedy_every - 1
                    ],
                    reward="scaled",
                )
            )
            for i in range(args.envs)
        ]
    )
    model = MaskablePPO(
        "MlpPolicy",
        train,
        learning_rate=args.learning_rate,
        n_steps=512,
        batch_size=512,
        n_epochs=args.epochs,
        gamma=1.0,
        gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    # Evaluation deals are seeded apart from the training deals.
    callback = Evaluation(
        args.eval_every, args.eval_deals, 10_000 + args.seed, args.csv, args.svg, start_cpu
    )
    model.learn(args.steps, callback=callback)
    callback.evaluate(args.final_deals)
    cpu = time.process_time() - start_cpu
    wall = time.perf_counter() - start_wall
    print(
        f"CPU time {cpu:.0f} s ({cpu / 60:.1f} min), wall time {wall:.0f} s; "
        f"wrote {args.csv} and {args.svg}"
    )


if __name__ == "__main__":
    main()
