/** The sound switch (`sound-toggle`, `aria-pressed`): off by default, remembered (sound-setting.ts). */
import { useTranslation } from 'react-i18next';

export function SoundToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn btn--small sound-toggle${on ? ' sound-toggle--on' : ''}`}
      data-testid="sound-toggle"
      data-on={on}
      aria-pressed={on}
      onClick={() => onChange(!on)}
    >
      <span aria-hidden="true">♪</span> {on ? t('sound.on') : t('sound.off')}
    </button>
  );
}
