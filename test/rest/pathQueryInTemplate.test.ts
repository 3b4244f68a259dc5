// A path template may carry its own query (`\\?`) or fragment (`#`): a param
// placed there is not a path segment, so `.` and `..` are ordinary values
// there and reach the server as they are, while the same values in the path
// part are still refused. `?` and `#` inside a value never start a query or
// fragment.
import { RestEndpoint, buildPath } from 'rest-slice';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe('params in the query or fragment of a template', () => {
  it("'..' and '.' after a literal `?` are values: the server gets the query as built", async () => {
    server.route('GET', '/go', (req) => ({ json: { to: req.query.get('to') } }));
    const go = new RestEndpoint({ urlPrefix: server.url, path: '/go\\?to=/:target' });
    expect(go.url({ target: '..' })).toBe(`${server.url}/go?to=/..`);
    await expect(go({ target: '..' })).resolves.toEqual({ to: '/..' });
    await expect(go({ target: '.' })).resolves.toEqual({ to: '/.' });
    expect(server.requests.map((request) => request.url)).toEqual(['/go?to=/..', '/go?to=/.']);
  });

  it("'..' after a literal `#` is a value", () => {
    expect(buildPath('/app#/:route', { route: '..' })).toBe('/app#/..');
    expect(buildPath('/app#/:route/:tab', { route: '.', tab: '..' })).toBe('/app#/./..');
  });

  it("the path part before the `?` is still checked: '..' there is refused", () => {
    expect(buildPath('/apps/:app\\?next=/:next', { app: 'mail', next: '..' })).toBe('/apps/mail?next=/..');
    expect(() => buildPath('/apps/:app\\?next=/:next', { app: '..', next: 'inbox' })).toThrow(
      "[rest-slice] `url` param 'app' is '..', which would change the path '/apps/:app\\?next=/:next'",
    );
    expect(() => buildPath('/apps/:app#/:tab', { app: '.', tab: 'inbox' })).toThrow("[rest-slice] `url` param 'app' is '.'");
  });

  it('`?` and `#` inside a path value are encoded: the server sees one path segment and no query', async () => {
    server.route('GET', '/files/:name', (req) => ({ json: { name: req.params.name, query: [...req.query.keys()] } }));
    const file = new RestEndpoint({ urlPrefix: server.url, path: '/files/:name' });
    await expect(file({ name: 'report?year=2024#top' })).resolves.toEqual({ name: 'report?year=2024#top', query: [] });
    expect(server.requests.map((request) => request.url)).toEqual(['/files/report%3Fyear%3D2024%23top']);
  });

  it("'..' followed by an encoded `?` is not a dot segment", () => {
    expect(buildPath('/files/:name', { name: '..?' })).toBe('/files/..%3F');
    expect(buildPath('/files/:name', { name: '..#' })).toBe('/files/..%23');
  });
});
