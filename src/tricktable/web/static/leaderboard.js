// A leaderboard per game: the rated players, best first, and the bots' fixed ratings.
"use strict";

async function showBoard(game) {
  const board = document.getElementById("board");
  const bots = document.getElementById("bots");
  try {
    const data = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
    board.replaceChildren(data.players.length
      ? el("div", { class: "scroll-x" }, el("table", { class: "list", id: "board-table" },
          el("thead", {}, el("tr", {}, el("th", { text: "#" }), el("th", { text: "Player" }),
            el("th", { text: "Rating ±" }), el("th", { text: "Ranked by" }), el("th", { text: "Matches" }))),
          el("tbody", {}, data.players.map((row) => el("tr", {},
            el("td", { text: String(row.rank) }),
            el("td", {}, el("a", { href: `/players/${encodeURIComponent(row.profile.id)}`, text: row.profile.name })),
            el("td", { text: ratingText(row) }),
            el("td", { text: row.shown.toFixed(1) }),
            el("td", { text: String(row.matches) }))))))
      : el("p", { class: "muted", text: "Nobody has played a rated match of this game yet." }));
    bots.replaceChildren(data.bots.length
      ? el("div", { class: "scroll-x" }, el("table", { class: "list" },
          el("thead", {}, el("tr", {}, el("th", { text: "Bot" }), el("th", { text: "Rating ±" }))),
          el("tbody", {}, data.bots.map((row) => el("tr", {},
            el("td", { text: row.label }), el("td", { text: ratingText(row) }))))))
      : el("p", { class: "muted", text: "No bot of this game has a measured rating: matches with bots count for no rating." }));
  } catch (error) {
    board.replaceChildren(el("p", { class: "error", text: error.message }));
  }
}

(async () => {
  const select = document.getElementById("board-game");
  const games = (await api("/api/games")).games;
  for (const game of games) select.append(el("option", { value: game.name, text: gameTitle(game.name) }));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted) select.value = wanted;
  select.addEventListener("change", () => {
    history.replaceState(null, "", `/leaderboard?game=${select.value}`);
    showBoard(select.value);
  });
  showBoard(select.value);
})();
