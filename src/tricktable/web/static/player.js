// A player's page (/players/ID) and, on /profile, your own: ratings per game with their
// uncertainty, and the finished matches with links to their replays.
"use strict";

function ratingText(r) {
  return `${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)}`;
}

function gameTitle(name) {
  return name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

function renderPlayer(box, data) {
  const ratings = data.ratings.length
    ? el("div", { class: "scroll-x" }, el("table", { class: "list", id: "ratings" },
        el("thead", {}, el("tr", {}, el("th", { text: "Game" }), el("th", { text: "Rating ±" }),
          el("th", { text: "Ranked by" }), el("th", { text: "Matches" }))),
        el("tbody", {}, data.ratings.map((r) => el("tr", {},
          el("td", {}, el("a", { href: `/leaderboard?game=${r.game}`, text: gameTitle(r.game) })),
          el("td", { class: "rating", text: ratingText(r) }),
          el("td", { text: r.shown.toFixed(1) }),
          el("td", { text: String(r.matches) }))))))
    : el("p", { class: "muted", text: "No rated match yet." });
  const matches = data.matches.length
    ? el("div", { class: "scroll-x" }, el("table", { class: "list", id: "matches" },
        el("thead", {}, el("tr", {}, el("th", { text: "Finished" }), el("th", { text: "Game" }),
          el("th", { text: "Players" }), el("th", { text: "Rating" }), el("th", { text: "Record" }))),
        el("tbody", {}, data.matches.map((m) => el("tr", {},
          el("td", { text: new Date(m.finished * 1000).toLocaleString() }),
          el("td", { text: m.rules_text || gameTitle(m.game) }),
          el("td", { text: (m.players || []).join(", ") }),
          el("td", { text: m.rating ? `${ratingText(m.rating.before)} → ${ratingText(m.rating.after)}` : (m.unrated ? "unrated" : "—") }),
          el("td", {}, el("a", { href: `/replay?table=${encodeURIComponent(m.table)}`, text: "Replay" })))))))
    : el("p", { class: "muted", text: "No finished match yet." });
  box.replaceChildren(
    el("section", { class: "panel" },
      el("h1", { class: "page-title", id: "player-name", text: data.profile.name }),
      el("h2", { text: "Ratings" }), ratings),
    el("section", { class: "panel" }, el("h2", { text: "Matches" }), matches));
}

async function showPlayer() {
  const box = document.getElementById("player");
  const id = decodeURIComponent(location.pathname.split("/").pop());
  try {
    renderPlayer(box, await api(`/api/players/${encodeURIComponent(id)}`));
    document.title = `tricktable — ${document.getElementById("player-name").textContent}`;
  } catch (error) {
    box.replaceChildren(el("p", { class: "error", text: error.message }));
  }
}

if (document.body.dataset.page === "player") showPlayer();
