/* The C program of the source documents (seeds/002, "国际象棋中马的周游路线问题新解法",
 * Hanspub 2012), as printed there: Warnsdorff's rule with backtracking on 8x8. Only main()
 * and the declarations are ours. bench/compare.sh times `warnsdorff` beside `solve 8x8`. */
#include <stdio.h>

struct point { int x, y, l; };
static int s[8][8];
static int num;
static struct point t[9];
static const int xx[8] = {-2, -1, 1, 2, 2, 1, -1, -2};
static const int yy[8] = {1, 2, 2, 1, -1, -2, -2, -1};

static void Authentication(int x, int y, int k) {
    int i, xl, yl, n = 0;
    if (x < 0 || y < 0 || x >= 8 || y >= 8 || s[x][y] > 0)
        t[k].l = -1;
    else {
        for (i = 0; i < 8; i++) {
            xl = x + xx[i];
            yl = y + yy[i];
            if (xl < 0 || yl < 0 || xl >= 8 || yl >= 8 || s[xl][yl] > 0)
                continue;
            else
                n++;
        }
        t[k].l = n;
    }
}

static void Sort(void) {
    int i, j;
    for (i = 0; i < 8; i++)
        for (j = i + 1; j < 8; j++)
            if (t[i].l > t[j].l) {
                t[8] = t[i];
                t[i] = t[j];
                t[j] = t[8];
            }
}

static void Query(int x, int y) {
    int i, xl, yl;
    while (num <= 64) {
        for (i = 0; i < 8; i++) {
            t[i].x = x + xx[i];
            t[i].y = y + yy[i];
            Authentication(t[i].x, t[i].y, i);
        }
        Sort();
        for (i = 0; t[i].l < 0; i++)
            ;
        for (; i < 8; i++) {
            xl = t[i].x;
            yl = t[i].y;
            if (s[xl][yl] == 0) {
                s[xl][yl] = num;
                num++;
                Query(xl, yl);
                if (num >= 65)
                    break;
                s[xl][yl] = 0;
                t[i + 1].x -= xx[i + 1];
                t[i + 1].y -= yy[i + 1];
            } else
                continue;
        }
        if (num >= 65)
            break;
        num--;
        break;
    }
}

int main(void) {
    int x = 0, y = 0, i, j;
    s[x][y] = 1;
    num = 2;
    Query(x, y);
    for (i = 0; i < 8; i++) {
        for (j = 0; j < 8; j++)
            printf("%3d", s[i][j]);
        printf("\n");
    }
    return 0;
}
