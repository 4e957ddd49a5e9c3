// Stylesheets have no behaviour to test.
module.exports = {};
