/**
 * The coach page (`#/coach`, issue 17 §2, §3): the signed-in player's strategy tax (EV given up per 100 hands
 * in money at its average bet, the share of hands set best, the same had it pressed House Way, and the trend)
 * and its ten costliest settings, each beside the best setting and the house way's with their win / push /
 * loss, the hand categories and the house way's rule (explained in the player's language by the engine's
 * house way, recomputed from the cards for display).
 */
import { useEffect, useState } from 'react';
import { usePageHeading } from '../app/opening-focus.js';
import { useTranslation } from 'react-i18next';
import { houseWays, isHouseWayId, parseHand } from '@paigow/engine';
import type { CoachSetting, CostlyEntry, CostliestResponse, PlayerSummary, StrategyTaxResponse } from '@paigow/protocol';
import type { Api } from '../net/http.js';
import { categoryOfCards } from '../table-ui/model.js';
import { categoryName, formatMoney, houseWayText } from '../app/i18n/index.js';
import { MiniHands } from '../app/MiniCards.js';
import { costMoney, evPercent, sharePercent } from './format.js';
import { CoachTopBar } from './CoachTopBar.js';
import './coach.css';

type T = ReturnType<typeof useTranslation>['t'];

/** The coach page of the player with session `token` (`player`: its figures for the site header). */
export function CoachPage({ api, token, player = null, onBack }: { api: Api; token: string; player?: PlayerSummary | null; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  // The page's title takes the focus as it opens (the link that had it went with the page before).
  const heading = usePageHeading();
  const lng = i18n.language;
  const [tax, setTax] = useState<StrategyTaxResponse | null>(null);
  const [costliest, setCostliest] = useState<CostliestResponse | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([api.coachTax(token), api.coachCostliest(token)])
      .then(([x, c]) => {
        if (!live) return;
        setTax(x);
        setCostliest(c);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, token]);
  const money = (cents: number): string => formatMoney(lng, cents);
  return (
    <>
      <CoachTopBar current="coach" player={player} onBack={onBack} />
      <main className="coach-page coach-summary" data-testid="coach-page">
        <h1 data-testid="page-title" ref={heading} tabIndex={-1}>
          {t('coach.page.title')}
        </h1>
        {tax === null || costliest === null ? (
          <p className="muted">{t('coach.page.loading')}</p>
        ) : tax.hands === 0 ? (
          <p className="muted" data-testid="coach-none">
            {t('coach.page.none')}
          </p>
        ) : (
          <>
            <section className="panel" data-testid="strategy-tax" data-hands={tax.hands} data-per100-cents={tax.per100Cents} data-optimal-share={tax.optimalShare}>
              <h2>{t('coach.page.taxTitle')}</h2>
              <p>{t('coach.page.hands', { count: tax.hands })}</p>
              <p>
                <strong>{t('coach.page.per100', { money: money(tax.per100Cents), bet: money(tax.averageBetCents) })}</strong>
              </p>
              <p>{t('coach.page.optimal', { share: sharePercent(lng, tax.optimalShare) })}</p>
              <p data-testid="strategy-tax-house-way">
                {t('coach.page.houseWay', { money: money(tax.houseWay.per100Cents), share: sharePercent(lng, tax.houseWay.optimalShare) })}
              </p>
              <Trend tax={tax} money={money} t={t} />
            </section>
            <section className="panel" data-testid="costliest">
              <h2>{t('coach.page.costliestTitle')}</h2>
              {costliest.items.length === 0 ? (
                <p className="muted">{t('coach.page.costliestNone')}</p>
              ) : (
                <ol className="costliest">
                  {costliest.items.map((item) => (
                    <Costly key={item.roundId} item={item} t={t} lng={lng} money={money} />
                  ))}
                </ol>
              )}
            </section>
          </>
        )}
      </main>
    </>
  );
}

/**
 * The strategy tax's trend as bars, oldest first (each bar's title carries its figure); nothing before there are two
 * blocks to compare (a player saw one block drawn as an empty box with a short dash).
 */
export function Trend({ tax, money, t }: { tax: Pick<StrategyTaxResponse, 'trend'>; money: (cents: number) => string; t: T }) {
  if (tax.trend.length < 2) return null;
  const top = Math.max(1, ...tax.trend.map((p) => p.per100Cents));
  const block = tax.trend[0]?.hands ?? 0;
  return (
    <figure className="coach-trend">
      <figcaption>{t('coach.page.trend', { count: block })}</figcaption>
      <ol className="coach-trend__bars" data-testid="strategy-tax-trend">
        {tax.trend.map((point) => (
          <li key={point.until} title={money(point.per100Cents)} data-cents={point.per100Cents} style={{ height: `${Math.max(2, (100 * point.per100Cents) / top)}%` }}>
            <span className="visually-hidden">{money(point.per100Cents)}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** One costly setting: what it gave up, then the setting played, the best and the house way's side by side. */
function Costly({ item, t, lng, money }: { item: CostlyEntry; t: T; lng: string; money: (cents: number) => string }) {
  const explanation = explain(item, t);
  return (
    <li className="costly" data-testid="costly" data-round-id={item.roundId} data-ev-lost={item.evLost}>
      <p>
        <strong>{t('coach.page.lostLine', { lost: evPercent(lng, item.evLost, false), bet: money(item.mainBetCents), money: costMoney(item.evLost * item.mainBetCents, money) })}</strong>
      </p>
      <ThreeSettings settings={item} t={t} lng={lng} />
      {explanation && <p className="muted">{t('coach.page.why', { text: explanation })}</p>}
    </li>
  );
}

/** The setting played, the best and the house way's, side by side (a costly setting here, a graded hand in GradePanel). */
export function ThreeSettings({ settings, t, lng }: { settings: { readonly played: CoachSetting; readonly best: CoachSetting; readonly houseWay: CoachSetting }; t: T; lng: string }) {
  return (
    <div className="costly__settings">
      <SettingCard title={t('coach.page.played')} setting={settings.played} t={t} lng={lng} kind="played" />
      <SettingCard title={t('coach.page.best')} setting={settings.best} t={t} lng={lng} kind="best" />
      <SettingCard title={t('coach.page.houseWaySetting')} setting={settings.houseWay} t={t} lng={lng} kind="house-way" />
    </div>
  );
}

/** A setting with its EV, its win / push / loss and its hands' categories. */
function SettingCard({ title, setting, t, lng, kind }: { title: string; setting: CoachSetting; t: T; lng: string; kind: string }) {
  const high = categoryOfCards(setting.high);
  const low = categoryOfCards(setting.low);
  return (
    <div className="costly__setting" data-kind={kind} data-ev={setting.ev}>
      <h3>{title}</h3>
      <MiniHands high={setting.high} low={setting.low} />
      <p>{t('coach.page.ev', { ev: evPercent(lng, setting.ev) })}</p>
      <p className="muted">{t('coach.page.odds', { win: sharePercent(lng, setting.win), push: sharePercent(lng, setting.push), lose: sharePercent(lng, setting.loss) })}</p>
      {high && low && <p className="muted">{t('coach.page.categories', { high: categoryName(t, high), low: categoryName(t, low) })}</p>}
    </div>
  );
}

/** The house way's explanation of the hand, recomputed by the engine for display when it names the stored rule. */
function explain(item: CostlyEntry, t: T): string | null {
  const cards = parseHand(item.cards);
  if (!cards.ok || !isHouseWayId(item.houseWayId)) return null;
  const set = houseWays[item.houseWayId].set(cards.value);
  return set.rule === item.houseWay.rule ? houseWayText(t, set.explanation) : null;
}
