// expect: 2:9: error: braced-group within expression allowed only inside a function
int x = ({ 1; });
