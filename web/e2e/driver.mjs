// Plays a seat through the page the way a person does: clicks on the board and the panel's buttons, keys.
import assert from 'node:assert/strict';

const status = (page) => page.locator('.status');

/** Waits until it is this page's decision or the game is over; returns the decision kind. */
export async function waitMine(page, timeout = 60000) {
  await page.waitForSelector('.status[data-mine="yes"], .status[data-decision="GAME_OVER"]', { timeout });
  return status(page).getAttribute('data-decision');
}

async function waitPlyAfter(page, ply, what) {
  try {
    await page.waitForFunction((p) => Number(document.querySelector('.status')?.dataset.ply) > p, ply, { timeout: 20000 });
  } catch (e) {
    const shot = `/tmp/fortuna-e2e-stuck-${Date.now()}.png`;
    await page.screenshot({ path: shot });
    throw new Error(`${what}: the game did not move on from ply ${ply} (screenshot ${shot})`);
  }
}

const ply = async (page) => Number(await status(page).getAttribute('data-ply'));

/**
 * Lays the drawn tile: a click on a legal square, R to turn it (when it has more than one legal rotation),
 * a second click on the tile to turn it once more, then Enter. Returns true when the tile was turned.
 */
export async function placeByClicks(page, pick = 0) {
  const before = await ply(page);
  const squares = page.locator('.board .legal');
  const n = await squares.count();
  assert.ok(n > 0, 'legal squares are shown');
  await squares.nth(pick % n).click();
  const tentative = page.locator('.board .tentative');
  const r0 = await tentative.getAttribute('data-rotation');
  await page.keyboard.press('r');
  const r1 = await tentative.getAttribute('data-rotation');
  await tentative.click();
  await page.keyboard.press('Enter');
  await waitPlyAfter(page, before, 'placing a tile');
  return r0 !== r1;
}

/** Makes the current non-placement decision through the page; `n` varies the choices over a game. */
/** Deployments decided so far by this process (see DEPLOY below). */
let deployments = 0;

export async function chooseDecision(page, kind, n) {
  const before = await ply(page);
  const spots = page.locator('.board .spot');
  switch (kind) {
    case 'DEPLOY': {
      // Counted per deployment, not per decision: a turn's placement and deployment are two decisions, so a
      // choice by the decision's number would (almost) never deploy on a feature, and a test that needs one of
      // my followers on the board would depend on the shuffle.
      const d = deployments++;
      if ((await spots.count()) > 0 && d % 2 === 0) {
        await spots.nth(d % (await spots.count())).click();
        await page.click('.controls .confirm');
      } else if ((await page.locator('.crown.offer').count()) > 0 && d % 4 === 1) {
        await page.locator('.crown.offer').first().click();
        await page.keyboard.press('Enter');
      } else {
        await page.click('.controls .pass');
      }
      break;
    }
    case 'PLAGUE_RETURN':
    case 'CROP_CIRCLE_REMOVE':
      assert.ok((await spots.count()) > 0, `${kind}: my followers are highlighted`);
      await spots.first().click();
      await page.click('.controls .confirm');
      break;
    case 'CROP_CIRCLE_CHOICE':
      await page.click(n % 2 === 0 ? '.controls .crop-add' : '.controls .crop-remove');
      break;
    case 'CROP_CIRCLE_ADD':
      if ((await spots.count()) > 0 && n % 2 === 0) {
        await spots.first().click();
        await page.click('.controls .confirm');
      } else {
        await page.click('.controls .pass');
      }
      break;
    default:
      throw new Error('unexpected decision ' + kind);
  }
  await waitPlyAfter(page, before, kind);
}

/** Plays the page's seat until the game is over; returns the decisions made and how often a tile was turned. */
export async function playToEnd(page, { onStep } = {}) {
  const kinds = new Set();
  let rotated = 0;
  for (let n = 0; n < 1000; n++) {
    const kind = await waitMine(page);
    if (kind === 'GAME_OVER') return { kinds, rotated };
    if (onStep) await onStep(n, kind);
    const now = await status(page).getAttribute('data-decision');
    if (now === 'GAME_OVER') return { kinds, rotated };
    if (now === null) continue; // the page is between two renders (after a reload): look again
    kinds.add(now);
    if (now === 'PLACE_TILE') {
      if (await placeByClicks(page, n)) rotated++;
    } else {
      await chooseDecision(page, now, n);
    }
  }
  throw new Error('the game did not end in 1000 decisions');
}
