import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../api/error-reporting';
import { ErrorPage } from './ErrorPage';

interface Props {
  /** Where the error is reported as having happened, such as `Page`. */
  source: string;
  children: ReactNode;
}

/** A screen that breaks shows the generic error page instead of a blank one, and the error is reported. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    void reportError(this.props.source, Object.assign(error, { stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}` }));
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
