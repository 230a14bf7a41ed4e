/**
 * The house-way lab page (issue 16 point 4, `#/house-way-lab`, linked from the lobby): pick two house
 * ways and see each one's edge (exact when computed, else simulated, and labelled so), the share of the
 * 154,143,080 hands they set differently, the costliest hands with each setting's exact EV, and a search
 * by hand. The figures come precomputed from `house-way-lab.json` (see `data.ts`); a searched hand that is
 * not in the list is set by both house ways in the browser and its EVs are sampled there.
 */
import { useEffect, useMemo, useState } from 'react';
import { usePageHeading } from '../app/opening-focus.js';
import { useTranslation } from 'react-i18next';
import { HOUSE_WAY_IDS, houseWays, parseHand, type HouseWayId } from '@paigow/engine';
import { BackPage } from '../app/SiteNav.js';
import { useRowScrollBar } from '../app/useRowScrollBar.js';
import { houseWayText, prettyCards } from '../app/i18n/index.js';
import { findDiff, isLabData, LAB_DATA_URL, type LabData, type LabDiff, type LabEdge } from './data.js';
import { countText, evText, percentText } from './format.js';
import { HandSearch } from './HandSearch.js';

/** The banker's hands against one player's seven cards (46 cards left, seven each: C(46, 7)), over which each listed hand is exact. */
const BANKER_HANDS = 53_524_680;

/** The page (`house-way-lab`, with `lab-edge-<id>`, `lab-share`, `lab-top` and the search). */
export function HouseWayLab({ onLeave }: { onLeave: () => void }) {
  const { t, i18n } = useTranslation();
  // The page's title takes the focus as it opens (the link that had it went with the page before).
  const heading = usePageHeading();
  const [data, setData] = useState<LabData | null | 'missing'>(null);
  const [a, setA] = useState<HouseWayId>('seeds');
  const [b, setB] = useState<HouseWayId>('foxwoods');

  useEffect(() => {
    let live = true;
    fetch(LAB_DATA_URL)
      .then((r) => (r.ok ? r.json() : null))
      .then((json: unknown) => live && setData(isLabData(json) ? json : 'missing'))
      .catch(() => live && setData('missing'));
    return () => {
      live = false;
    };
  }, []);

  const diff = useMemo(() => (data !== null && data !== 'missing' ? findDiff(data, a, b) : null), [data, a, b]);
  const choose = (which: 'a' | 'b', id: HouseWayId) => {
    // Two different house ways: picking the other one's swaps them.
    if (which === 'a') {
      if (id === b) setB(a);
      setA(id);
    } else {
      if (id === a) setA(b);
      setB(id);
    }
  };
  const name = (id: HouseWayId) => t(`houseWayNames.${id}`);

  return (
    <BackPage current="house-way-lab" back={{ testid: 'lab-back', label: t('lab.back'), onClick: onLeave }}>
      <main className="screen">
        <section className="panel panel--wide" data-testid="house-way-lab">
          <h1 className="page-title" data-testid="page-title" ref={heading} tabIndex={-1}>
            {t('lab.title')}
          </h1>
          <p className="muted">{t('lab.intro')}</p>
          <p>
            <label>
              {t('lab.first')}{' '}
              <select data-testid="lab-a" value={a} onChange={(e) => choose('a', e.target.value as HouseWayId)}>
                {HOUSE_WAY_IDS.map((id) => (
                  <option key={id} value={id}>
                    {name(id)}
                  </option>
                ))}
              </select>
            </label>{' '}
            <label>
              {t('lab.second')}{' '}
              <select data-testid="lab-b" value={b} onChange={(e) => choose('b', e.target.value as HouseWayId)}>
                {HOUSE_WAY_IDS.map((id) => (
                  <option key={id} value={id}>
                    {name(id)}
                  </option>
                ))}
              </select>
            </label>
          </p>
          {data === null && <p className="muted">{t('lab.loading')}</p>}
          {data === 'missing' && <p className="muted">{t('lab.missing')}</p>}
          {data !== null && data !== 'missing' && (
            <>
              <ul className="lab-edges">
                {[a, b].map((id) => {
                  const edge = data.houseWays.find((w) => w.id === id)?.edge;
                  return (
                    <li key={id} data-testid={`lab-edge-${id}`} data-kind={edge?.kind ?? 'none'}>
                      <strong>{t('lab.named', { name: name(id) })}</strong> {edge ? <EdgeText edge={edge} lng={i18n.language} /> : t('lab.none')}
                    </li>
                  );
                })}
              </ul>
              {diff === null ? <p className="muted">{t('lab.none')}</p> : <DiffView diff={diff} name={name} lng={i18n.language} />}
              <HandSearch a={a} b={b} banker={diff?.banker ?? a} diff={diff} />
            </>
          )}
        </section>
      </main>
    </BackPage>
  );
}

function EdgeText({ edge, lng }: { edge: LabEdge; lng: string }) {
  const { t } = useTranslation();
  const pct = (x: number) => percentText(lng, x);
  return (
    <>
      {t('lab.edge', { edge: pct(edge.houseEdge) })} —{' '}
      {edge.kind === 'exact'
        ? t('lab.edgeExact', { win: pct(edge.win), push: pct(edge.push), loss: pct(edge.loss) })
        : t('lab.edgeSimulated', { count: edge.rounds, rounds: countText(lng, edge.rounds), lo: pct(edge.ci95[0]), hi: pct(edge.ci95[1]) })}
    </>
  );
}

function DiffView({ diff, name, lng }: { diff: LabDiff; name: (id: HouseWayId) => string; lng: string }) {
  const { t } = useTranslation();
  const count = (n: number) => countText(lng, n);
  return (
    <>
      <p data-testid="lab-share" data-differ={diff.differ}>
        {t('lab.differ', { differ: count(diff.differ), total: count(diff.total), share: percentText(lng, diff.share) })}
      </p>
      <p data-testid="lab-ev-change" data-ev-change={diff.evChange}>
        {t('lab.evChange', { a: name(diff.a), b: name(diff.b), change: evText(lng, diff.evChange) })}
      </p>
      <p className="muted">{t('lab.costliest', { banker: name(diff.banker) })}</p>
      <HandsTable diff={diff} hands={diff.top} name={name} lng={lng} testid="lab-top" label={t('lab.costliest', { banker: name(diff.banker) })} />
      {diff.topTotal.length > 0 && (
        <>
          <p className="muted">{t('lab.costliestTotal')}</p>
          <HandsTable diff={diff} hands={diff.topTotal} name={name} lng={lng} testid="lab-top-total" label={t('lab.costliestTotal')} />
        </>
      )}
      <p className="note muted" data-testid="lab-method">{t('lab.method', { hands: count(BANKER_HANDS) })}</p>
    </>
  );
}

/**
 * A list of hands the two house ways set differently: each setting's EV, the signed difference
 * EV(B) − EV(A) per unit staked with the better house way named, and how many hands are alike. The
 * table scrolls sideways in a region named `label` that takes the focus, so the keyboard scrolls it too
 * (axe `scrollable-region-focusable`).
 */
function HandsTable({ diff, hands, name, lng, testid, label }: {
  diff: LabDiff;
  hands: LabDiff['top'];
  name: (id: HouseWayId) => string;
  lng: string;
  testid: string;
  label: string;
}) {
  const { t } = useTranslation();
  // The explanation in the page's language, cards as the page shows them: the house way sets the hand again here (the
  // data's `explanation` is the engine's English text, with card codes).
  const scroll = useRowScrollBar<HTMLDivElement>();
  const explain = (cards: readonly string[], id: HouseWayId, english: string) => {
    const hand = parseHand(cards);
    return hand.ok ? houseWayText(t, houseWays[id].set(hand.value).explanation) : prettyCards(english);
  };
  return (
    <div className="lab-table-scroll">
      <div ref={scroll.row} className="lab-table-wrap" role="region" aria-label={label} tabIndex={0}>
        <table className="lab-table" data-testid={testid}>
          <thead>
            <tr>
              <th>{t('lab.hand')}</th>
              <th>{name(diff.a)}</th>
              <th>{t('lab.ev')}</th>
              <th>{name(diff.b)}</th>
              <th>{t('lab.ev')}</th>
              <th>{t('lab.difference', { a: name(diff.a), b: name(diff.b) })}</th>
              <th>{t('lab.alike')}</th>
            </tr>
          </thead>
          <tbody>
            {hands.map((h) => (
              <tr key={h.cards.join(' ')}>
                <td>{prettyCards(h.cards.join(' '))}</td>
                <td title={explain(h.cards, diff.a, h.a.explanation)} data-testid="lab-setting">
                  {prettyCards(h.a.high.join(' '))} / {prettyCards(h.a.low.join(' '))}
                </td>
                <td className={h.better === diff.a ? 'lab-better' : undefined}>{evText(lng, h.a.ev)}</td>
                <td title={explain(h.cards, diff.b, h.b.explanation)} data-testid="lab-setting">
                  {prettyCards(h.b.high.join(' '))} / {prettyCards(h.b.low.join(' '))}
                </td>
                <td className={h.better === diff.b ? 'lab-better' : undefined}>{evText(lng, h.b.ev)}</td>
                <td data-testid="lab-difference">
                  {evText(lng, h.b.ev - h.a.ev)}
                  <br />
                  <span className="muted">{h.better === null ? t('lab.equal') : t('lab.better', { name: name(h.better) })}</span>
                </td>
                <td>{h.hands !== undefined ? countText(lng, h.hands) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Drawn while the table is wider than the page (a phone: its own bar shows only while it moves). */}
      <div ref={scroll.bar} className="seats-scrollbar lab-table-scrollbar" data-testid="lab-table-scrollbar" aria-hidden="true" hidden>
        <span className="seats-scrollbar__thumb" />
      </div>
    </div>
  );
}
