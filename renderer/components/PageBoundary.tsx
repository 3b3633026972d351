import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PageBoundaryProps {
  children: ReactNode;
  /** Reloads the window (the app's own data is kept by main or the host, not by the page). */
  onReload: () => void;
}

interface PageBoundaryState {
  error: Error | null;
}

/**
 * Keeps a page's failure to that page: a page that throws while rendering, or whose script cannot be
 * fetched (the app was updated or rebuilt while the window was open, so the old script names are
 * gone), shows a notice in its place; the sidebar and the other pages go on working. Without it, React
 * takes the whole window down to a blank page. Give it a `key` per page so moving on starts afresh.
 */
export class PageBoundary extends Component<PageBoundaryProps, PageBoundaryState> {
  override state: PageBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): PageBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('a page failed to render', error.message, info.componentStack?.split('\n', 3).join(' '));
  }

  override render() {
    if (this.state.error) return <PageFailed message={this.state.error.message} onReload={this.props.onReload} />;
    return this.props.children;
  }
}

function PageFailed({ message, onReload }: { message: string; onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{t('app.pageFailed')}</p>
      <p className="notice-body">{t('app.pageFailedHelp')}</p>
      <p className="notice-body muted">{message}</p>
      <button type="button" onClick={onReload}>
        {t('app.reload')}
      </button>
    </div>
  );
}
