"""The ArUco markers a board prints (OpenCV's DICT_4X4_50), as data: no OpenCV needed to print.

Written by tools/make_aruco_table.py. Each marker is 4 x 4 bits inside a black
border one cell wide; a row is a string of "1" (white) and "0" (black), top row first.
"""

DICTIONARY = "DICT_4X4_50"
BITS = {
    0: ('1011', '0101', '0011', '0010'),
    1: ('0000', '1111', '1001', '1010'),
    2: ('0011', '0011', '0010', '1101'),
    3: ('1001', '1001', '0100', '0110'),
    4: ('0101', '0100', '1001', '1110'),
    5: ('0111', '1001', '1100', '1101'),
    6: ('1001', '1110', '0010', '1110'),
    7: ('1100', '0100', '1111', '0010'),
}
