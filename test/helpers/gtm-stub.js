// A stand-in for the tag manager script (test/app.test.ts, option analyticsScriptUrl):
// records that it ran, with the container id of its address.
(window.__gtmStub ??= []).push(new URL(document.currentScript.src).searchParams.get('id'));
