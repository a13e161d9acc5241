/* A module worker that runs pytest under Pyodide, for tests/web/test_browser_engine_in_pyodide.py:
   it is sent {pyodide, files, wheels, args}; loads Pyodide from `pyodide`, unpacks each wheel
   (pure Python: pytest, hypothesis…) into site-packages (no micropip, no network), writes each
   repository file at its path (tracker/__init__.py empty: the real one imports Flask; not
   tests/conftest.py: the engine's tests use none of its fixtures, tests/engine/conftest.py sees
   to that), runs pytest.main(args) there and
   answers {counts, failed, exit, output}. */
const HOME = "/home/pyodide/";
const COUNT = `
class Count:
    """Outcomes as pytest's summary counts them (errors in set-up too)."""
    def __init__(self):
        self.counts, self.failed = {}, []
    def pytest_runtest_logreport(self, report):
        if report.when == "call" or report.outcome != "passed":
            key = "error" if report.when != "call" and report.outcome == "failed" else report.outcome
            self.counts[key] = self.counts.get(key, 0) + 1
            if report.outcome == "failed":
                self.failed.append(report.nodeid + "\\n" + report.longreprtext[-3000:])
count = Count()
`;

async function bytes(url) {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(url + ": " + answer.status);
  return new Uint8Array(await answer.arrayBuffer());
}

self.onmessage = async (event) => {
  const job = event.data;
  const output = [];
  try {
    const pyodide = await import(job.pyodide + "pyodide.mjs");
    const py = await pyodide.loadPyodide({ indexURL: job.pyodide });
    py.setStdout({ batched: (line) => output.push(line) });
    py.setStderr({ batched: (line) => output.push(line) });
    const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
    for (const wheel of job.wheels) py.unpackArchive(await bytes(wheel), "wheel", { extractDir: site });
    for (const path of job.files) {
      py.FS.mkdirTree(HOME + path.slice(0, path.lastIndexOf("/")));
      py.FS.writeFile(HOME + path, await bytes("/src/" + path));
    }
    py.FS.writeFile(HOME + "tracker/__init__.py", "");
    py.runPython(COUNT);
    const main = py.runPython("import os, sys, pytest\nos.chdir('" + HOME + "')\nsys.path.insert(0, '" + HOME + "')\npytest.main");
    const exit = Number(main(py.toPy(job.args), py.toPy([py.globals.get("count")])));
    const report = JSON.parse(py.runPython("import json; json.dumps({'counts': count.counts, 'failed': count.failed})"));
    self.postMessage({ ...report, exit, output: output.slice(-40) });
  } catch (error) {
    self.postMessage({ error: String((error && error.stack) || error), output: output.slice(-40) });
  }
};
