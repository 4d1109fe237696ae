// The page's sealed channel to the host (its other half: net/page_seal.py and
// net/host/web_seal.py). A page on plain http has no Web Crypto, so the
// primitives are tweetnacl-js's (vendor/tweetnacl.js, loaded before the
// modules as window.nacl): X25519 (scalarMult), SHA-512 (hash) and
// XSalsa20-Poly1305 (secretbox). Nothing here is a primitive of its own.
//
// The table's secret comes in the QR code's link, after "#" (a browser never
// sends a fragment to any server); it is kept per host address and taken off
// the address bar at once. A page opened by hand asks for the code the TV
// shows instead.
const nacl = window.nacl;
const enc = new TextEncoder();
const dec = new TextDecoder("utf-8", { fatal: true });
const LABEL = "railparty page seal 1";
const MAGIC = "RPS1";
export const KIND_LINK = 1;
export const KIND_CODE = 2;
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_CHARS = 16;
// the host's close codes (net/page_seal.py)
export const CLOSE_WRONG_SECRET = 4403;
export const CLOSE_TOO_MANY_TRIES = 4429;

const secretKey = () => `railparty-table:${location.host}`;
let held = null;            // { kind, secret } once known

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}
const sha512 = (...parts) => nacl.hash(concat(...parts));

// the secret of the link this page was opened from, kept and taken off the
// address bar; whether there was one
function takeLinkSecret() {
  const found = /^#([A-Za-z0-9_-]{22,64})$/.exec(location.hash);
  if (!location.hash) return false;
  if (found) keepSecret(KIND_LINK, found[1]);
  history.replaceState(null, "", location.pathname + location.search);
  return !!found;
}
takeLinkSecret();
// the link opened in this very tab later (only its fragment differs): start again with it
window.addEventListener("hashchange", () => { if (takeLinkSecret()) location.reload(); });

function keepSecret(kind, secret) {
  try { localStorage.setItem(secretKey(), JSON.stringify({ kind, secret })); } catch (e) { /* private mode */ }
  held = { kind, secret };
}

// the secret this page holds for this host (the link's or a typed code), or null
export function tableSecret() {
  if (held) return held;
  try {
    const kept = JSON.parse(localStorage.getItem(secretKey()) || "null");
    if (kept && (kept.kind === KIND_LINK || kept.kind === KIND_CODE) && typeof kept.secret === "string") held = kept;
  } catch (e) { /* unreadable: ask for the code */ }
  return held;
}

export function forgetSecret() {
  held = null;
  try { localStorage.removeItem(secretKey()); } catch (e) { /* private mode */ }
}

// a typed code in its one form (capitals, no dashes; O as 0, I and L as 1), or null
export function plainCode(typed) {
  const text = typed.replace(/[\s-]/g, "").toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1");
  if (text.length !== CODE_CHARS || [...text].some((ch) => !CROCKFORD.includes(ch))) return null;
  return text;
}

export function keepCode(typed) {
  const code = plainCode(typed);
  if (code) keepSecret(KIND_CODE, code);
  return code !== null;
}

function nonce(counter) {
  const n = new Uint8Array(24);
  let rest = counter;
  for (let i = 0; i < 7; i++) { n[i] = rest % 256; rest = Math.floor(rest / 256); }
  return n;
}

function keysFor(shared, secret, pagePublic, hostPublic) {
  const auth = sha512(enc.encode(LABEL + " secret"), Uint8Array.of(secret.kind),
    enc.encode(secret.secret)).subarray(0, 32);
  const master = sha512(enc.encode(LABEL + " master"), shared, auth, pagePublic, hostPublic);
  const key = (use) => sha512(master, enc.encode(use)).subarray(0, 32);
  return { pageProof: key("page proof"), hostProof: key("host proof"),
    toHost: key("page to host"), toPage: key("host to page") };
}

// Opens the sealed channel on a fresh WebSocket: `on.open()` once both sides
// proved the secret, `on.text(t)` per message, `on.refused(why)` when the
// host's answer proves nothing ("secret": it does not know this secret,
// "unreadable": a frame that does not open). Returns send(text).
export function sealSocket(ws, secret, on) {
  ws.binaryType = "arraybuffer";
  const mine = nacl.box.keyPair();
  let stage = "key", keys = null, sent = 0, received = 0;
  const fail = (why) => { stage = "failed"; on.refused(why); ws.close(); };
  ws.onopen = () => ws.send(concat(enc.encode(MAGIC), Uint8Array.of(secret.kind), mine.publicKey));
  ws.onmessage = (ev) => {
    if (!(ev.data instanceof ArrayBuffer)) { fail("unreadable"); return; }
    const data = new Uint8Array(ev.data);
    if (stage === "key") {
      if (data.length !== 32) { fail("unreadable"); return; }
      const shared = nacl.scalarMult(mine.secretKey, data);
      if (shared.every((b) => b === 0)) { fail("secret"); return; }
      keys = keysFor(shared, secret, mine.publicKey, data);
      stage = "proof";
      ws.send(keys.pageProof);
    } else if (stage === "proof") {
      if (data.length !== 32 || !nacl.verify(data, keys.hostProof)) { fail("secret"); return; }
      stage = "open";
      on.open();
    } else if (stage === "open") {
      const plain = nacl.secretbox.open(data, nonce(received), keys.toPage);
      if (!plain) { fail("unreadable"); return; }
      received += 1;
      let text;
      try { text = dec.decode(plain); } catch (e) { fail("unreadable"); return; }
      on.text(text);
    }
  };
  return (text) => {
    if (stage !== "open" || ws.readyState !== WebSocket.OPEN) return;
    ws.send(nacl.secretbox(enc.encode(text), nonce(sent), keys.toHost));
    sent += 1;
  };
}
