// End-to-end tests of the web client in a real browser (Debian's chromium through playwright-core) against
// the real game server. Run by Maven (module e2e) with the server's classpath:
//   node web/e2e/run.mjs --classpath CP [--screenshots DIR]
// or against a server that is already running:   node web/e2e/run.mjs --url http://localhost:8080
// The server is started on a free port with a fresh data folder and stopped at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { loadCatalogues, englishOnlyWords } from './catalogues.mjs';
import { playToEnd, waitMine, placeByClicks, chooseDecision } from './driver.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const shots = args.screenshots ?? null;
if (shots) mkdirSync(shots, { recursive: true });

async function startServer() {
  if (args.url) return { url: args.url.replace(/\/$/, ''), stop: async () => {} };
  const data = mkdtempSync(join(tmpdir(), 'fortuna-e2e-'));
  const proc = spawn(process.env.JAVA ?? 'java', ['-Xmx512m', '-cp', args.classpath, 'dev.fortuna.server.FortunaServer', '--port', '0', '--data', data], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 60 s:\n' + log)), 60000);
    const onData = (b) => {
      log += b;
      const m = /listening on (http:\/\/[^/\s]+)\//.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', (b) => (log += b));
    proc.on('exit', (c) => reject(new Error(`the server exited with ${c}:\n${log}`)));
  });
  return {
    url,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(data, { recursive: true, force: true });
    },
  };
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/**
 * A page in a fresh context. Its `errors` collect script errors and every Content-Security-Policy violation (from
 * the page's securitypolicyviolation events and the console's "Refused to …" reports), which the tests assert empty.
 */
async function newPage(locale = 'en-GB', viewport = { width: 1280, height: 800 }, more = {}) {
  const context = await browser.newContext({ locale, viewport, ...more });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to /.test(m.text())) page.errors.push('CSP: ' + m.text());
  });
  await context.exposeBinding('__fortunaCspViolation', (_source, text) => page.errors.push('CSP: ' + text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__fortunaCspViolation(`${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  return { context, page };
}

/** Creates a game on the lobby page; returns the invitation links in seat order and the spectator link. */
async function createGame(page, { seats, expansions, clockMinutes = 0 }) {
  await page.goto(server.url + '/');
  // The form starts with a person and a bot; set seats as asked.
  while ((await page.locator('.seat-row').count()) < seats.length) await page.click('.add-seat');
  for (let i = 0; i < seats.length; i++) {
    const row = page.locator(`.seat-row[data-seat="${i}"]`);
    await row.locator('.seat-kind').selectOption(seats[i].kind);
    if (seats[i].kind === 'PERSON') await row.locator('.seat-name').fill(seats[i].name);
    else await row.locator('.seat-bot').selectOption(seats[i].bot);
  }
  for (const e of ['wheel-of-fortune', 'crop-circles']) {
    const box = page.locator(`.create input[name="${e}"]`);
    if ((await box.isChecked()) !== expansions.includes(e)) await box.click();
  }
  if (clockMinutes) await page.fill('.create input[name="clockMinutes"]', String(clockMinutes));
  await page.click('.create button[type=submit]');
  await page.waitForSelector('.created');
  const links = await page.locator('.created .invite input').evaluateAll((els) => els.map((e) => e.value));
  const gameId = await page.getAttribute('.created', 'data-game');
  return { gameId, invitations: links.slice(0, -1), spectator: links.at(-1) };
}

const tileCount = (page) => page.locator('.board .tile').count();

/** The feature value of the server's view that holds the follower drawn by `g` (an element of `.board .follower`). */
async function serverValueOf(gameId, follower) {
  const [x, y, feature] = await follower.evaluate((g) => [g.dataset.x, g.dataset.y, g.dataset.feature].map(Number));
  const view = await (await fetch(`${server.url}/api/games/${gameId}/view`)).json();
  const value = view.featureValues.find((v) => v.features.some((f) => f.square.x === x && f.square.y === y && f.feature === feature));
  assert.ok(value, `the server values the feature under the follower at ${x},${y} #${feature}`);
  return { value, view };
}

/** The score chart of a page: how many plies it spans and the scores at its end. */
const chartOf = async (svg) => ({ plies: Number(await svg.getAttribute('data-plies')), last: await svg.getAttribute('data-last') });

/**
 * The page's game log shows as many entries as the game has events (GET …/log), numbered 1 to n, newest first.
 * Polled: the page seeds its log from the server after its first snapshot.
 */
async function logComplete(page, gameId) {
  const log = await (await fetch(`${server.url}/api/games/${gameId}/log`)).json();
  const events = log.entries.reduce((n, e) => n + e.events.length, 0);
  const items = page.locator('.log li');
  const end = Date.now() + 10000;
  while ((await items.count()) !== events && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await items.count(), events, 'the log shows every event of the game');
  assert.equal(await items.first().evaluate((li) => li.value), events, 'the newest entry is numbered by its place');
  assert.equal(await items.last().evaluate((li) => li.value), 1);
}

/**
 * Lays a tile with the keyboard alone: Tab reaches the legal squares (buttons with a label), Enter on one lays the
 * tile there tentatively (it does not confirm anything), R turns it, a second Enter confirms.
 */
async function placeByKeyboard(page) {
  const before = Number(await page.getAttribute('.status', 'data-ply'));
  const square = page.locator('.board .legal').first();
  assert.equal(await square.getAttribute('tabindex'), '0');
  assert.equal(await square.getAttribute('role'), 'button');
  assert.match(await square.getAttribute('aria-label'), /^Lay the tile at -?\d+, -?\d+$/);
  const [x, y] = [await square.getAttribute('data-x'), await square.getAttribute('data-y')];
  for (let i = 0; i < 400 && !(await square.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  assert.ok(await square.evaluate((el) => el === document.activeElement), 'Tab reaches a legal square');
  await page.keyboard.press('Enter');
  const tentative = page.locator(`.board .tentative[data-x="${x}"][data-y="${y}"]`);
  await tentative.waitFor();
  assert.equal(Number(await page.getAttribute('.status', 'data-ply')), before, 'Enter on a square only lays the tile tentatively');
  await page.keyboard.press('r');
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => Number(document.querySelector('.status')?.dataset.ply) > n, before);
  const placed = page.locator(`.board .tile[data-x="${x}"][data-y="${y}"]`);
  assert.equal(await placed.count(), 1, 'the second Enter confirmed the tile where Enter laid it');
}

/** The first of the pages whose decision it is (polled: both pages stay live meanwhile). */
async function waitAnyMine(pages, timeout = 60000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    for (const p of pages) if ((await p.getAttribute('.status', 'data-mine').catch(() => null)) === 'yes') return p;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no page got a decision in time');
}

test('a game against a bot played to the end through clicks, with a Plague return, a crop-circle choice, a hint and a reload; final scores equal the record', async () => {
  const seen = new Set();
  let lastGame = null;
  let hinted = false;
  let pointed = false;
  let spectator = null;
  // A single game almost always has both; the seat's share of wheel and crop-circle tiles is random, so
  // play up to three games until both decisions have come to this seat.
  for (let round = 0; round < 3 && !(seen.has('PLAGUE_RETURN') && seen.has('CROP_CIRCLE_CHOICE')); round++) {
    const { context, page } = await newPage();
    const g = await createGame(page, {
      seats: [{ kind: 'PERSON', name: 'Ada' }, { kind: 'BOT', bot: 'random' }],
      expansions: ['wheel-of-fortune', 'crop-circles'],
    });
    await page.goto(g.invitations[0]);
    // The token moved from the address into the browser's storage.
    await page.waitForSelector('.status');
    assert.ok(!page.url().includes('token='), 'the token is removed from the address bar');
    const stats = await playToEnd(page, {
      onStep: async (n, kind) => {
        if (n === 12 && round === 0) {
          // Reload mid-game: the page reconnects with the kept token and carries on from the same board.
          const before = await tileCount(page);
          await page.reload();
          await waitMine(page);
          assert.equal(await tileCount(page), before, 'the same board after a reload');
          assert.equal(await page.getAttribute('.status', 'data-mine'), 'yes');
        }
        if (round === 0 && kind === 'PLACE_TILE' && !hinted) {
          // The hint lays the server's suggestion tentatively; Esc takes it back.
          hinted = true;
          await page.click('.controls .hint');
          const tentative = page.locator('.board .tentative');
          await tentative.waitFor();
          const at = await tentative.evaluate((g) => [g.dataset.x, g.dataset.y].join(','));
          assert.equal(await page.locator('.controls .confirm').isEnabled(), true);
          await page.keyboard.press('Escape');
          await tentative.waitFor({ state: 'detached' });
          assert.ok(await page.locator(`.board .legal[data-x="${at.split(',')[0]}"][data-y="${at.split(',')[1]}"]`).count(), 'the hint was a legal square');
        }
        const follower = round === 0 && !pointed && n >= 20 ? await followerToPointAt(page) : null;
        if (follower) {
          // Pointing at one of my followers shows what its feature would score if the game ended now: the
          // server's value for it, its outline on every square, and my features listed in the panel.
          pointed = true;
          const { value, view } = await serverValueOf(g.gameId, follower);
          await follower.hover();
          const tip = page.locator('.board .feature-value');
          await tip.waitFor();
          assert.equal(await tip.getAttribute('data-points'), value.points.join(','));
          const p = value.points[0];
          assert.ok((await tip.innerText()).includes(`you: ${p} ${p === 1 ? 'point' : 'points'}`), await tip.innerText());
          assert.equal(await page.locator('.board .value-feature').count(), value.features.length);
          const listed = await page.locator('.my-values li').evaluateAll((lis) => lis.map((li) => Number(li.dataset.points)));
          assert.deepEqual(listed, view.featureValues.filter((v) => v.followers[0] > 0).map((v) => v.points[0]));
          if (shots) await page.screenshot({ path: join(shots, 'game-wheel-of-fortune.png') });
          await page.mouse.move(1, 1);
          await tip.waitFor({ state: 'detached' });
        }
        if (round === 0 && n === 25) {
          // A spectator on a phone who arrives now gets the chart of the whole game so far, and a tap on a
          // follower shows its feature's value.
          spectator = await newPage('en-GB', { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
          const sp = spectator.page;
          await sp.goto(g.spectator);
          await sp.waitForSelector('.chart-panel');
          await sp.click('.chart-panel summary');
          const ply = Number(await sp.getAttribute('.status', 'data-ply'));
          const scores = await sp.locator('.seat .score').evaluateAll((els) => els.map((e) => e.dataset.score).join(','));
          assert.deepEqual(await chartOf(sp.locator('.chart-panel svg')), { plies: ply, last: scores });
          assert.ok(ply > 40, `the spectator came late: ply ${ply}`);
          // Its log holds every event of the game so far, not only those after it came.
          await logComplete(sp, g.gameId);
          // The last one: it is drawn on top (a crop circle may add a second follower on the same feature).
          const follower = sp.locator('.board .follower').last();
          const { value } = await serverValueOf(g.gameId, follower);
          await follower.tap();
          assert.equal(await sp.getAttribute('.board .feature-value', 'data-points'), value.points.join(','));
        }
        return kind;
      },
    });
    stats.kinds.forEach((k) => seen.add(k));
    assert.ok(stats.rotated > 0, 'some tiles were turned before confirming');
    // The page's final scores equal the server's record of the game.
    await page.waitForSelector('.end .breakdown');
    const onPage = await page.locator('.end .breakdown td.total').evaluateAll((tds) => tds.map((td) => Number(td.dataset.total)));
    const record = await (await fetch(`${server.url}/api/games/${g.gameId}/record`)).json();
    assert.deepEqual(onPage, record.result.scores);
    // The breakdown adds up per seat.
    const rows = await page.locator('.end .breakdown tbody tr').evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td[data-kind]')].reduce((s, td) => s + Number(td.textContent), 0)),
    );
    assert.deepEqual(rows, onPage);
    const plies = Number(await page.getAttribute('.status', 'data-ply'));
    assert.deepEqual(await chartOf(page.locator('.end .chart svg')), { plies, last: onPage.join(',') });
    // Scoring flashes lit the scored features themselves (at the latest the final scoring's).
    assert.ok(Number(await page.getAttribute('.game', 'data-flashed-features')) > 0, 'scored features flashed');
    if (shots && round === 0) await page.screenshot({ path: join(shots, 'end-of-game.png') });
    if (round === 0) {
      // The spectator who came in the middle, and one who comes after the end, see the whole game's chart.
      const late = await newPage();
      await late.page.goto(g.spectator);
      for (const sp of [spectator.page, late.page]) {
        await sp.waitForSelector('.end .chart svg');
        assert.deepEqual(await chartOf(sp.locator('.end .chart svg')), { plies, last: onPage.join(',') });
        await logComplete(sp, g.gameId);
        assert.deepEqual(sp.errors, []);
      }
      await late.context.close();
      await spectator.context.close();
    }
    assert.deepEqual(page.errors, []);
    lastGame = g;
    await context.close();
  }
  assert.ok(seen.has('PLAGUE_RETURN'), 'a Plague return was made through the page');
  assert.ok(seen.has('CROP_CIRCLE_CHOICE'), 'a crop-circle choice was made through the page');
  assert.ok(lastGame);
  assert.ok(hinted, 'a hint was asked for');
  assert.ok(pointed, 'a follower of mine was pointed at');
  assert.ok(spectator, 'a spectator came in the middle of the game');
});

test('two people in two browsers play the same game; a spectator sees the moves and has no controls', async () => {
  const a = await newPage();
  const g = await createGame(a.page, {
    seats: [{ kind: 'PERSON', name: 'Ada' }, { kind: 'PERSON', name: 'Boris' }],
    expansions: ['wheel-of-fortune'],
  });
  if (shots) {
    await a.page.waitForTimeout(800); // the page scrolls up to the invitations
    await a.page.screenshot({ path: join(shots, 'lobby.png') });
  }
  const b = await newPage();
  const s = await newPage();
  // The seat tokens travel in the links' fragments: no HTTP request of any page may carry one in its address or
  // its Referer, and the page takes the fragment out of the address bar.
  const tokens = g.invitations.map((u) => new URL(u).hash.match(/token=([^&]+)/)[1]);
  const leaks = [];
  for (const p of [a, b, s]) {
    p.page.on('request', (r) => {
      const referer = r.headers()['referer'] ?? '';
      const sent = r.url().split('#')[0]; // a fragment is never sent (the report may show it)
      for (const t of tokens) if (sent.includes(t) || referer.includes(t)) leaks.push(sent + ' referer ' + referer);
    });
  }
  const response = await a.page.goto(g.invitations[0]);
  const headers = response.headers();
  assert.match(headers['content-security-policy'] ?? '', /script-src 'self'/);
  assert.equal(headers['referrer-policy'], 'no-referrer');
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['x-frame-options'], 'DENY');
  await b.page.goto(g.invitations[1]);
  await s.page.goto(g.spectator);
  await a.page.waitForSelector('.status');
  assert.equal(new URL(a.page.url()).hash, '', 'the token left the address bar');
  // Whoever's decision it is acts (a Plague may ask the other person in the middle of a turn), until six tiles
  // have been laid through the two browsers.
  let placed = 0;
  for (let step = 0; placed < 6; step++) {
    assert.ok(step < 60, 'the game moves on');
    const me = await waitAnyMine([a.page, b.page]);
    const other = me === a.page ? b.page : a.page;
    assert.equal(await other.getAttribute('.status', 'data-mine'), 'no', 'one decision at a time');
    const kind = await me.getAttribute('.status', 'data-decision');
    if (kind !== 'PLACE_TILE') {
      await chooseDecision(me, kind, step);
      continue;
    }
    const before = await tileCount(s.page);
    if (placed === 0) await placeByKeyboard(me);
    else await placeByClicks(me);
    placed++;
    // Everybody sees the new tile.
    for (const p of [other, s.page]) await p.waitForFunction((n) => document.querySelectorAll('.board .tile').length > n, before);
    assert.equal(await tileCount(other), await tileCount(me));
  }
  // The spectator has no controls and no legal squares, and says so.
  assert.equal(await s.page.locator('.controls, .legal, .spot').count(), 0);
  assert.ok((await s.page.textContent('.status')).includes('watching'));
  assert.deepEqual(leaks, [], 'a seat token in a request address or Referer');
  for (const p of [a, b, s]) {
    assert.deepEqual(p.page.errors, []);
    await p.context.close();
  }
});

test('a game with a clock counts the deciding seat down; resigning hands the seat to the stand-in bot and hides the controls; taking the seat back returns them', async () => {
  const { context, page } = await newPage();
  page.on('dialog', (d) => d.accept()); // "Resign this game?"
  const g = await createGame(page, {
    seats: [{ kind: 'PERSON', name: 'Ada' }, { kind: 'BOT', bot: 'mcts:hard' }],
    expansions: ['wheel-of-fortune'],
    clockMinutes: 5,
  });
  await page.goto(g.invitations[0]);
  await waitMine(page);
  // My clock runs while I decide; the bot's stands at five minutes.
  const clock = page.locator('.seat[data-seat="0"] .clock.running');
  const before = Number(await clock.getAttribute('data-ms'));
  await page.waitForTimeout(2100);
  const after = Number(await clock.getAttribute('data-ms'));
  assert.ok(before > 290000 && before <= 301000 && after <= before - 1000, `the clock runs: ${before} then ${after}`);
  assert.equal(await page.textContent('.seat[data-seat="1"] .clock'), '5:00');
  await page.click('.tools .resign');
  await page.waitForSelector('.tools .reclaim');
  assert.equal(await page.getAttribute('.status', 'data-mine'), 'no');
  assert.equal(await page.locator('.controls, .board .legal').count(), 0);
  await page.waitForSelector('.seat[data-seat="0"] .resigned');
  await page.click('.tools .reclaim');
  await page.waitForSelector('.tools .resign');
  assert.equal(await waitMine(page), 'PLACE_TILE');
  assert.ok((await page.locator('.board .legal').count()) > 0);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the lobby and a game page in Czech and in Russian show no untranslated text', async () => {
  const cat = await loadCatalogues();
  const english = englishOnlyWords(cat);
  for (const [locale, lang] of [['cs-CZ', 'cs'], ['ru-RU', 'ru']]) {
    const { context, page } = await newPage(locale);
    const g = await createGame(page, {
      seats: [{ kind: 'PERSON', name: 'Ada' }, { kind: 'BOT', bot: 'greedy' }],
      expansions: ['wheel-of-fortune', 'crop-circles'],
    });
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    const lobbyText = await page.locator('body').innerText();
    await page.goto(g.invitations[0]);
    await waitMine(page);
    await placeByClicks(page);
    // Play on, deploying where possible, until a follower of mine stands on the board: the panel then lists what
    // my features would score, and pointing at the follower shows its tip, both in the page's language.
    // It points at the follower when my decision is a placement: during a deployment or a crop-circle addition the
    // spots on offer may lie over my followers (an addition is offered on my own features) and take the pointer.
    let mine = null;
    for (let n = 0; ; n++) {
      assert.ok(n < 60, `${lang}: no follower of mine came onto the board where it could be pointed at`);
      const kind = await waitMine(page);
      if (kind === 'PLACE_TILE' && (mine = await followerToPointAt(page))) break;
      if (kind === 'PLACE_TILE') await placeByClicks(page, n);
      else await chooseDecision(page, kind, 0);
    }
    await page.waitForSelector('.my-values li');
    await mine.hover();
    await page.waitForSelector('.board .feature-value');
    const gameText = await page.locator('body').innerText();
    assert.ok(gameText.includes(cat[lang]['value.heading']), `${lang}: the feature's value is told in ${lang}`);
    for (const [where, text] of [['lobby', lobbyText], ['game', gameText]]) {
      const words = text.split(/[^A-Za-z]+/).filter((w) => english.has(w.toLowerCase()));
      assert.deepEqual(words, [], `${lang} ${where} page shows English words`);
    }
    assert.ok(gameText.includes(cat[lang]['sector.FORTUNE']), `${lang}: the wheel's sectors are named in ${lang}`);
    assert.deepEqual(page.errors, []);
    await context.close();
    // A refusal of the server is told in the page's language: a seat link with a token of no seat.
    const other = await newPage(locale);
    await other.page.goto(`${g.spectator}#seat=1&token=AAAAAAAAAAAAAAAAAAAAAA`);
    const problem = other.page.locator('.problem, .status');
    const end = Date.now() + 10000;
    while (!(await problem.allInnerTexts()).join(' ').includes(cat[lang]['error.BAD_TOKEN']) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const refusalText = (await problem.allInnerTexts()).join(' ');
    assert.ok(refusalText.includes(cat[lang]['error.BAD_TOKEN']), `${lang}: the refusal is told in ${lang}: ${refusalText}`);
    const words = refusalText.split(/[^A-Za-z]+/).filter((w) => english.has(w.toLowerCase()));
    assert.deepEqual(words, [], `${lang}: the refusal shows English words`);
    await other.context.close();
  }
});

test("a finished game's replay shows the win-probability chart: a point per analysed turn, its marker following the slider", async () => {
  // Two bots play a game to its end by themselves (the server has no bot delay here).
  const created = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seats: [{ kind: 'BOT', bot: 'random' }, { kind: 'BOT', bot: 'greedy' }] }),
  });
  assert.equal(created.status, 201);
  const { gameId, spectatorUrl } = await created.json();
  const end = Date.now() + 120000;
  while ((await (await fetch(`${server.url}/api/games/${gameId}`)).json()).status !== 'FINISHED') {
    assert.ok(Date.now() < end, 'the bots finish their game in two minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
  const analysis = await (await fetch(`${server.url}/api/games/${gameId}/analysis`)).json();
  assert.equal(analysis.finished, true);
  const { context, page } = await newPage();
  await page.goto(spectatorUrl);
  await page.waitForSelector('.end-overlay');
  await page.click('.end-overlay .close');
  const finalTiles = await tileCount(page);
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  const slider = page.locator('.replay-bar input[type=range]');
  await page.waitForSelector('.replay-bar .win-chart svg');
  const plies = analysis.ply;
  assert.equal(Number(await slider.getAttribute('max')), plies);
  // One line per seat through one point per row of the server's analysis (the start and every turn): x by ply
  // across the 300-wide box, the probability of winning up its 60 high.
  const r1 = (v) => Math.round(v * 10) / 10;
  const lines = await page.locator('.win-chart svg polyline').evaluateAll((ps) => ps.map((p) => p.getAttribute('points')));
  assert.equal(lines.length, 2);
  for (let s = 0; s < 2; s++) {
    const points = lines[s].split(' ');
    assert.equal(points.length, analysis.turns.length, `seat ${s}: a point per analysed turn`);
    assert.deepEqual(points, analysis.turns.map((t) => `${r1((t.ply / plies) * 300)},${r1((1 - t.winProbability[s]) * 60)}`));
  }
  const marker = page.locator('.win-chart .win-chart-now');
  const caption = page.locator('.win-chart figcaption');
  // The row in force at a ply: the last turn reached at or before it; the caption gives its probabilities.
  const inForce = (ply) => analysis.turns.filter((t) => t.ply <= ply).at(-1);
  const percent = (t) => t.winProbability.map((p) => `${Math.round(p * 100)}%`).join(' · ');
  const expectAt = async (ply) => {
    await page.waitForFunction((n) => document.querySelector('.replay-bar input[type=range]').value === String(n), ply);
    assert.equal(Number(await marker.getAttribute('x1')), (ply / plies) * 300, `the marker at ply ${ply}`);
    assert.equal(await marker.getAttribute('x2'), await marker.getAttribute('x1'));
    assert.equal(await caption.innerText(), `Win probability: ${percent(inForce(ply))}`);
  };
  // The replay opens at the end of the game: the marker at the right edge, the caption the result.
  await expectAt(plies);
  assert.equal(Number(await marker.getAttribute('x1')), 300);
  // Moving the slider moves the marker with it.
  const middle = Math.floor(plies / 2);
  await slider.evaluate((el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, middle);
  await expectAt(middle);
  // The board shows the replayed position (fewer tiles than at the end) before the picture is taken.
  await page.waitForFunction((n) => document.querySelectorAll('.board .tile').length < n, finalTiles);
  if (shots) await page.screenshot({ path: join(shots, 'replay-win-chart.png') });
  // A click on the chart moves the replay to that point of the game (the middle of the quarter ply's column).
  const quarter = Math.floor(plies / 4);
  const box = await page.locator('.win-chart svg').boundingBox();
  await page.mouse.click(box.x + ((quarter + 0.1) / plies) * box.width, box.y + box.height / 2);
  await expectAt(quarter);
  assert.deepEqual(page.errors, []);
  await context.close();
});

/**
 * Of seat 0's followers on the board, the one nearest the middle of the board (so that its tip is not cut off) that
 * nothing lies over at its centre, where the pointer goes: another follower on the same spot (a crop-circle
 * addition) or a spot on offer can cover it. Null when there is none.
 */
async function followerToPointAt(page) {
  const mine = page.locator('.board .follower[data-seat="0"]');
  const board = await page.locator('.board').boundingBox();
  const distances = await mine.evaluateAll((els, b) => els.map((e) => {
    const r = e.getBoundingClientRect();
    const [cx, cy] = [r.x + r.width / 2, r.y + r.height / 2];
    const top = document.elementFromPoint(cx, cy);
    return top !== null && top.closest('.follower') === e ? Math.hypot(cx - (b.x + b.width / 2), cy - (b.y + b.height / 2)) : Infinity;
  }), board);
  const best = Math.min(...distances);
  return best === Infinity ? null : mine.nth(distances.indexOf(best));
}

let failed = 0;
const only = process.env.E2E_ONLY;
const chosen = tests.filter((t) => !only || t.name.includes(only));
for (const t of chosen) {
  const start = Date.now();
  try {
    await t.fn();
    console.log(`ok   ${t.name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${t.name}\n${e.stack ?? e}`);
  }
}
await browser.close();
await server.stop();
console.log(failed ? `${failed} of ${chosen.length} e2e tests failed` : `all ${chosen.length} e2e tests passed`);
process.exit(failed ? 1 : 0);
