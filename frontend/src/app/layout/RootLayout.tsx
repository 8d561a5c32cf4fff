import { Outlet } from 'react-router-dom';
import { AppShell } from './AppShell';

/** Root route element; `loading` is the frame shown while the first page chunk loads. */
export function RootLayout({ loading = false }: { loading?: boolean }) {
  return <AppShell>{loading ? <div className="page-loading" aria-busy="true" /> : <Outlet />}</AppShell>;
}
