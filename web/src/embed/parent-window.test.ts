import { reportHeightToParent, requestParentScroll } from './parent-window';

type Observed = () => void;

function framedWindow(): { view: Window; messages: unknown[] } {
  const messages: unknown[] = [];
  const parent = { postMessage: (message: unknown, origin: string) => messages.push({ message, origin }) };
  const view = { self: {}, top: parent, parent } as unknown as Window;
  return { view, messages };
}

function contentOfHeight(height: { value: number }): HTMLElement {
  return { getBoundingClientRect: () => ({ height: height.value }) } as HTMLElement;
}

let resize: Observed;
let disconnected: boolean;
beforeEach(() => {
  disconnected = false;
  globalThis.ResizeObserver = class {
    constructor(callback: Observed) {
      resize = callback;
    }
    observe() {}
    disconnect() {
      disconnected = true;
    }
  } as unknown as typeof ResizeObserver;
});

describe('inside a partner’s iframe', () => {
  it('tells the parent the content height plus 40, and again each time it changes', () => {
    const { view, messages } = framedWindow();
    const height = { value: 812.4 };
    const stop = reportHeightToParent(view, contentOfHeight(height));
    height.value = 1200;
    resize();
    resize(); // the same height is not sent twice
    expect(messages).toEqual([
      { message: { name: 'resize', value: 853 }, origin: '*' },
      { message: { name: 'resize', value: 1240 }, origin: '*' },
    ]);
    stop();
    expect(disconnected).toBe(true);
  });

  it('asks the parent to scroll to the frame', () => {
    const { view, messages } = framedWindow();
    requestParentScroll(view);
    expect(messages).toEqual([{ message: { name: 'scroll', value: true }, origin: '*' }]);
  });
});

describe('on its own page', () => {
  it('sends nothing', () => {
    const posted: unknown[] = [];
    const view = { postMessage: (message: unknown) => posted.push(message) } as unknown as Window;
    Object.assign(view, { self: view, top: view, parent: view });
    reportHeightToParent(view, contentOfHeight({ value: 500 }));
    requestParentScroll(view);
    expect(posted).toEqual([]);
  });
});
