// The room's bot ladder: ratings with 95% intervals, the pairings and the latest forfeits.
"use strict";

// A table that may scroll sideways on a phone: a region the keyboard can reach and scroll.
function table(id, heads, rows, label) {
  return el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": label }, el("table", { class: "list", id },
    el("thead", {}, el("tr", {}, heads.map((head) => el("th", { text: head })))),
    el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((cell) => el("td", { text: cell })))))));
}

function interval(ci) {
  return `${ci[0].toFixed(0)} to ${ci[1].toFixed(0)}`;
}

async function showLadder() {
  const state = document.getElementById("ladder-state");
  const board = document.getElementById("ladder");
  const pairs = document.getElementById("ladder-pairs");
  const forfeits = document.getElementById("ladder-forfeits");
  try {
    const ladder = (await api("/api/ladder")).ladder;
    if (!ladder) {
      state.textContent = "This room runs no bot ladder (its operator starts one with tricktable serve --ladder GAME).";
      return;
    }
    state.textContent = `${gameTitle(ladder.game)}: ${ladder.played} matches in ${ladder.rounds} rounds`
      + (ladder.running ? "; playing." : "; paused (no server plays it now).");
    board.replaceChildren(table("ladder-table", ["#", "Bot", "Rating", "95% interval", "Matches", "Won", "Points a deal"],
      ladder.ratings.map((row, index) => [String(index + 1), row.label, row.elo.toFixed(0), interval(row.ci95),
        String(row.matches), row.score.toFixed(1), row.points_per_deal.toFixed(2)]), "Ratings"));
    const met = ladder.pairs.filter((pair) => pair.matches);
    pairs.replaceChildren(met.length
      ? table("ladder-pairs-table", ["Bots", "Matches", "First's win rate", "95% interval", "Forfeits"],
        met.map((pair) => [`${pair.first} – ${pair.second}`, String(pair.matches),
          `${(100 * pair.win_rate).toFixed(0)}%`, `${(100 * pair.ci95[0]).toFixed(0)}% to ${(100 * pair.ci95[1]).toFixed(0)}%`,
          String(pair.forfeits)]), "Pairings")
      : el("p", { class: "muted", text: "No match played yet." }));
    forfeits.replaceChildren(ladder.forfeits.length
      ? table("ladder-forfeits-table", ["Bot", "Against", "Why"],
        ladder.forfeits.slice().reverse().map((f) => [f.bot, f.against, f.reason]), "Latest forfeits")
      : el("p", { class: "muted", text: "None." }));
  } catch (error) {
    board.replaceChildren(el("p", { class: "error", text: error.message }));
  }
}

showLadder();
setInterval(showLadder, 10000);
