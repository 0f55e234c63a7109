import { useEffect } from 'react';
import { useT } from '../../src/i18n/translator';
import { store, useStore } from '../lib/store';

/** Tracks online/offline and tells the visitor when the connection drops and comes back. */
export default function NetworkStatus() {
  const t = useT();
  const online = useStore((s) => s.online);
  useEffect(() => {
    const update = () => store.set({ online: navigator.onLine });
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return (
    <div className="network-status" role="status" aria-live="polite" data-online={online}>
      {online ? null : <p className="network-offline">{t('ui.network.offline')}</p>}
    </div>
  );
}
