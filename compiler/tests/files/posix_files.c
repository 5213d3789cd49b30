/* Files through open/read/write/lseek/close/unlink. */
#include <stdio.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>

int main(void)
{
    char buf[16];
    int n, r;
    int fd = open("p.bin", O_RDWR | O_CREAT | O_TRUNC, 0644);
    if (fd < 3)
        return 10;
    printf("write %d\n", (int)write(fd, "abcdefgh", 8));
    printf("lseek %ld\n", (long)lseek(fd, 2, SEEK_SET));
    n = (int)read(fd, buf, 4);
    buf[n] = 0;
    printf("read %d [%s]\n", n, buf);
    printf("end %ld\n", (long)lseek(fd, 0, SEEK_END));
    printf("read at end %d\n", (int)read(fd, buf, 4));
    errno = 0;
    r = (int)lseek(fd, 0, 9);
    printf("bad whence %d errno %d\n", r, errno);
    printf("close %d\n", close(fd));
    errno = 0;
    r = close(fd);
    printf("close again %d errno %d\n", r, errno);
    errno = 0;
    r = open("p.bin", O_WRONLY | O_CREAT | O_EXCL, 0644);
    printf("excl %d errno %d\n", r, errno);
    printf("unlink %d\n", unlink("p.bin"));
    errno = 0;
    r = open("p.bin", O_RDONLY);
    printf("reopen %d errno %d\n", r, errno);
    return 0;
}
