// Your profile: keep a name (the secret stays in this browser), carry it to another device
// by a one-use code, and see your ratings and matches.
"use strict";

async function showMine() {
  const secret = profileSecret();
  document.getElementById("new-panel").hidden = Boolean(secret);
  document.getElementById("carry-panel").hidden = !secret;
  if (!secret) return;
  try {
    renderPlayer(document.getElementById("player"), await api("/api/profile"));
  } catch (error) {
    document.getElementById("player").replaceChildren(el("p", { class: "error", text: error.message }));
  }
}

document.getElementById("new-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const out = document.getElementById("new-error");
  out.textContent = "";
  try {
    const made = await postJSON("/api/profiles", { name: document.getElementById("profile-name").value });
    saveProfile(made.secret);
    await showMine();
  } catch (error) { out.textContent = error.message; }
});

async function redeem(code) {
  const out = document.getElementById("redeem-error");
  out.textContent = "";
  try {
    const found = await postJSON("/api/profile/redeem", { code });
    saveProfile(found.secret);
    await showMine();
  } catch (error) { out.textContent = error.message; }
}

document.getElementById("redeem-form").addEventListener("submit", (event) => {
  event.preventDefault();
  redeem(document.getElementById("carry-code").value);
});

document.getElementById("carry").addEventListener("click", async () => {
  const out = document.getElementById("carry-out");
  try {
    const carried = await postJSON("/api/profile/carry", {});
    const link = `${location.origin}${carried.link}`;
    out.replaceChildren("Carry code: ", el("strong", { id: "carry-made", text: carried.code }),
      " — or open ", el("a", { href: link, id: "carry-link", text: link }), " on the other device.");
  } catch (error) { out.textContent = error.message; }
});

// A carry link (/profile#carry=CODE) opens the profile here, unless this browser has one.
function fromLink() {
  const carried = /carry=([A-Za-z0-9-]+)/.exec(location.hash);
  if (!carried) return false;
  history.replaceState(null, "", "/profile");
  if (profileSecret()) return false;
  redeem(carried[1]);
  return true;
}

window.addEventListener("hashchange", fromLink);
if (!fromLink()) showMine();
