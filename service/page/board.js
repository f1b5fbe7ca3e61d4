// The board: the server's SVG picture (drawn with hooks: data-house,
// data-store, data-square), and under it the pad of house buttons, laid out
// as the board is, which keyboards, screen readers and fingers use. The
// page never draws a board itself: it only changes counts and classes in
// the server's picture while a sowing is shown.

import { t } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Parses the server's SVG text into an element (never as HTML). */
function parseSvg(text) {
  const document_ = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = document_.documentElement;
  if (root.namespaceURI !== SVG_NS || root.querySelector('parsererror')) return null;
  return document.importNode(root, true);
}

/** A house group's count text: the last text of its group. */
function countText(group) {
  const texts = group.querySelectorAll('text');
  return texts[texts.length - 1];
}

export class Board {
  constructor(container, pad) {
    this.container = container;
    this.pad = pad;
    this.svg = null;
    this.kind = 'sowing';
    this.onChoose = () => {};
  }

  /** Shows the server's picture of `position` (JSON) and builds the pad. */
  show(svgText, position) {
    const svg = parseSvg(svgText);
    if (!svg) return;
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('focusable', 'false');
    svg.classList.add('board-svg');
    this.container.replaceChildren(svg);
    this.svg = svg;
    this.position = position;
    this.kind = position.rules === 'seega' ? 'seega' : 'sowing';
    for (const target of this.targets()) {
      target.classList.add('target');
      target.addEventListener('click', () => this.onChoose(target.dataset.house ?? target.dataset.square));
    }
    this.buildPad();
  }

  /** The house groups (sowing) or square rectangles (Seega), in drawn order. */
  targets() {
    if (!this.svg) return [];
    return [...this.svg.querySelectorAll(this.kind === 'seega' ? '[data-square]' : 'g[data-house]')];
  }

  /** The count of a house in the shown position. */
  countOf(side, index) {
    return this.position[side][index];
  }

  /** The accessible name of a house or square button. */
  label(target) {
    if (this.kind === 'seega') {
      const square = target.dataset.square;
      const file = square.charCodeAt(0) - 97;
      const rank = Number(square.slice(1));
      const piece = this.position.board[5 - rank][file];
      const what = piece === 'S' ? t('page-piece-south') : piece === 'N' ? t('page-piece-north') : t('page-empty');
      const symbol = piece === 'S' ? '○' : piece === 'N' ? '●' : '·';
      return { name: square, text: symbol, label: t('page-square-label', { house: square, text: what }) };
    }
    const count = this.countOf(target.dataset.side, Number(target.dataset.index));
    return { name: target.dataset.house, text: String(count), label: t('page-house-label', { house: target.dataset.house, count }) };
  }

  /** The pad: one button per house (or square), rows as on the board. */
  buildPad() {
    const heading = this.pad.querySelector('h3');
    const targets = this.targets();
    const columns = this.kind === 'seega' ? 5 : targets.length / 2;
    this.pad.style.setProperty('--columns', String(columns));
    this.pad.classList.toggle('seega', this.kind === 'seega');
    const buttons = targets.map((target) => {
      const { name, text, label } = this.label(target);
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'house';
      button.dataset.target = name;
      button.setAttribute('aria-label', label);
      const nameSpan = document.createElement('span');
      nameSpan.className = 'name';
      nameSpan.textContent = name;
      const countSpan = document.createElement('span');
      countSpan.className = 'count';
      countSpan.textContent = text;
      button.append(nameSpan, countSpan);
      button.addEventListener('click', () => this.onChoose(name));
      return button;
    });
    this.pad.replaceChildren(heading, ...buttons);
  }

  /** The pad button and the picture's target of a house or square. */
  parts(name) {
    const selector = this.kind === 'seega' ? `[data-square="${CSS.escape(name)}"]` : `g[data-house="${CSS.escape(name)}"]`;
    return [this.pad.querySelector(`[data-target="${CSS.escape(name)}"]`), this.svg?.querySelector(selector)];
  }

  /** Marks houses or squares with a class (only those), e.g. the legal moves. */
  mark(className, names) {
    // Only the hooked houses and squares: the server's shapes have classes
    // of their own (grenier, arrow…) that are not the page's to remove.
    const hooked = `[data-house].${className}, [data-square].${className}`;
    for (const element of this.container.querySelectorAll(hooked)) element.classList.remove(className);
    for (const element of this.pad.querySelectorAll(`.${className}`)) element.classList.remove(className);
    for (const name of names) {
      for (const part of this.parts(name)) part?.classList.add(className);
    }
  }

  /**
   * Shows a sowing seed by seed on the picture, then the captures: `step`
   * is a PlayReport step. Each house's new seeds are read from the report
   * (after sowing minus before); they fall in the sowing cycle's order from
   * the house played (data-cycle), a lap at a time, so the page implements
   * no rule. `delay` is the time per seed in milliseconds.
   */
  async animate(step, delay) {
    if (this.kind !== 'sowing' || !this.svg || !step.sown) return;
    const groups = this.targets();
    const origin = groups.find((g) => g.dataset.house === step.move);
    if (!origin) return;
    this.mark('legal', []);
    const size = groups.length;
    const start = Number(origin.dataset.cycle);
    const ahead = (g) => (Number(g.dataset.cycle) - start - 1 + size) % size;
    const order = groups.filter((g) => g !== origin).sort((a, b) => ahead(a) - ahead(b));
    const count = (rows, g) => rows[g.dataset.side][Number(g.dataset.index)];
    const gained = new Map(order.map((g) => [g, count(step.sown, g) - count(step.before, g)]));
    const shown = new Map(groups.map((g) => [g, count(step.before, g)]));
    // The picture's count and the house's button count the seeds as they fall.
    const write = (g) => {
      const count = shown.get(g);
      countText(g).textContent = String(count);
      const button = this.pad.querySelector(`[data-target="${CSS.escape(g.dataset.house)}"]`);
      if (!button) return;
      button.querySelector('.count').textContent = String(count);
      button.setAttribute('aria-label', t('page-house-label', { house: g.dataset.house, count }));
    };
    const laps = Math.max(0, ...gained.values());
    const seeds = [...gained.values()].reduce((sum, n) => sum + Math.max(0, n), 0);
    // A huge house is sown a lap at a time rather than seed by seed.
    const perSeed = seeds <= 60;
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    origin.classList.add('sowing-from');
    shown.set(origin, count(step.sown, origin));
    write(origin);
    await sleep(delay);
    for (let lap = 1; lap <= laps; lap += 1) {
      for (const g of order) {
        if (gained.get(g) < lap) continue;
        shown.set(g, shown.get(g) + 1);
        write(g);
        g.classList.add('sown');
        if (perSeed) {
          g.classList.add('sowing-now');
          await sleep(delay);
          g.classList.remove('sowing-now');
        }
      }
      if (!perSeed) await sleep(delay);
      if (laps > 50 && lap === 3) {
        // Far more laps than anyone watches: the rest at once.
        for (const g of order) { shown.set(g, count(step.sown, g)); write(g); }
        break;
      }
    }
    origin.classList.remove('sowing-from');
    if (step.captured_houses?.length) {
      for (const name of step.captured_houses) {
        this.parts(name)[1]?.classList.add('capturing');
      }
      await sleep(delay * 3);
      for (const name of step.captured_houses) {
        const g = this.parts(name)[1];
        if (g) { shown.set(g, 0); write(g); }
      }
      const mover = step.before.to_move;
      const store = this.svg.querySelector(`g[data-store="${mover}"]`);
      const texts = store ? store.querySelectorAll('text') : [];
      if (texts.length > 1) texts[1].textContent = String(step.after.stores[mover]);
      await sleep(delay * 2);
    }
  }
}
