/**
 * Where the help panel is drawn: `ScreenHelp` over the lobby and the sign-in screen (the usual figures),
 * `TableHelp` over a table (that table's figures). Each shows the panel while the hash opens help over
 * its screen (`#/help/<section>`, `#/table/<id>/help/<section>`).
 */
import type { TableConfigView } from '@paigow/protocol';
import { HelpPanel } from './HelpPanel.js';
import { useHelpLocation } from './useHelpLocation.js';
import './help.css';

const overTable = (base: string) => base.startsWith('#/table/');

/** The help over any screen but a table (rendered beside the app). */
export function ScreenHelp() {
  const { location, close } = useHelpLocation();
  if (!location || overTable(location.base)) return null;
  return <HelpPanel location={location} config={null} onClose={close} />;
}

/** The help over a table, with its settings (`config` from the table's view). */
export function TableHelp({ config }: { config: TableConfigView }) {
  const { location, close } = useHelpLocation();
  if (!location || !overTable(location.base)) return null;
  return <HelpPanel location={location} config={config} onClose={close} />;
}
