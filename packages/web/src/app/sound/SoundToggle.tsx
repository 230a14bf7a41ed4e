/**
 * The sound switch (`sound-toggle`, `aria-pressed`): off by default, remembered (sound-setting.ts). A screen reader hears
 * it as "Sound", pressed or not ("Sound off, not pressed" was a double negative); the state word drawn after the label
 * ("Sound off") is hidden from it, so that the name is still the words on the button (axe label-content-name-mismatch).
 */
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
      <span aria-hidden="true">♪</span> {t('sound.label')} <span aria-hidden="true">{on ? t('sound.on') : t('sound.off')}</span>
    </button>
  );
}
