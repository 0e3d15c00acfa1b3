import { useEffect } from 'react';

const CHAT_WIDGET_ID = 'chat-widget';

/**
 * The third-party chat service, only where a chat script is configured. Its script draws the chat icon in
 * this holder, which sits 50px above the bottom of the screen, and 110px when the page's bottom bar is
 * expanded (body.has-bottom-bar), so the two never overlap.
 */
export function ChatWidget({ scriptUrl }: { scriptUrl: string }) {
  useEffect(() => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.container = CHAT_WIDGET_ID;
    document.body.appendChild(script);
    return () => script.remove();
  }, [scriptUrl]);
  return <div id={CHAT_WIDGET_ID} className="chat-widget" />;
}
