// An imported image is a URL in the bundle; in tests any stable string does.
module.exports = 'test-file-stub';
