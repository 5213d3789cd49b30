/* "m" input: written OFFSET[$rB]; ldw reads the word: arr[2] = 30. */
int arr[4] = {10, 20, 30, 40};
int main(void) {
    int r;
    asm("ldw %0 = %1" : "=r"(r) : "m"(arr[2]));
    if (r != 30) return 1;
    int local = 1234;
    asm("ldw %0 = %1" : "=r"(r) : "m"(local));
    if (r != 1234) return 2;
    return 0;
}
