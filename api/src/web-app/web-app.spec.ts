import { isSourceMapPath } from './web-app.js';

describe('isSourceMapPath', () => {
  it('knows a source map however the path spells it', () => {
    for (const path of [
      '/static/index-bW8yI2hT.js.map',
      '/static/index.css.map',
      '/app.js%2Emap',
      '/app.js%2emap',
      '/APP.JS.MAP',
      '/static/x.js.map/',
    ]) {
      expect({ path, isMap: isSourceMapPath(path) }).toEqual({ path, isMap: true });
    }
  });

  it('lets every other file through', () => {
    for (const path of ['/static/index-bW8yI2hT.js', '/favicon.ico', '/static/sitemap.xml', '/static/%E0%A4%A', '/maps/index.html']) {
      expect({ path, isMap: isSourceMapPath(path) }).toEqual({ path, isMap: false });
    }
  });
});
