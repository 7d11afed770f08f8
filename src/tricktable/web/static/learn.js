// Learning to play: a "Play a guided first match" button (data-learn = a family) opens a
// practice table with bots (POST /api/learn/FAMILY) and goes to it with its guide on.
"use strict";

async function startGuided(button) {
  const family = button.dataset.learn;
  const error = document.getElementById(`learn-error-${family}`) || document.getElementById("learn-error");
  const nameBox = document.getElementById("player-name");
  button.disabled = true;
  try {
    const created = await postJSON(`/api/learn/${encodeURIComponent(family)}`,
      { name: nameBox ? nameBox.value : null });
    saveSeat(created.id, created.seat, created.token);
    if (created.host_token) localStorage.setItem(`tricktable:host:${created.id}`, created.host_token);
    const query = new URLSearchParams({ guide: "1" });
    if (created.invite) query.set("invite", created.invite);
    window.location.href = `/table/${encodeURIComponent(created.id)}?${query}`;
  } catch (failure) {
    button.disabled = false;
    if (error) error.textContent = failure.message;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("[data-learn]")) {
    button.addEventListener("click", () => startGuided(button));
  }
});
